import type { LotteryGame } from '@wps/contracts/lottery';
import { cutoffOf, findLotteryGame, intervalOf, type LotteryGameDefinition } from '../lottery.games';
import * as repository from '../lottery.repository';
import { betTypesOf } from '../lottery.rules';
import { catalogueGame, gameSettingsOf, listEnabledGames, requireGame } from './lottery-catalogue';
import type { LotteryContext, LotteryMember } from './lottery-context';
import { toDraw } from './lottery-views';

/** The games a player sees: the menu, the games they played lately, and one game with its current draw. */

type GameMenuDependencies = Pick<LotteryContext, 'db' | 'caches' | 'schedule'>;

const toGame = async (
  deps: Pick<LotteryContext, 'db' | 'schedule'>,
  brandId: bigint,
  game: LotteryGameDefinition,
): Promise<LotteryGame> => {
  const { db, schedule } = deps;
  const [current, last, settings] = await Promise.all([
    repository.findCurrentDraw(db, brandId, game.gameCode),
    repository.findLastDrawn(db, brandId, game.gameCode),
    gameSettingsOf(deps, brandId, game.gameCode),
  ]);
  return {
    gameCode: game.gameCode,
    vendor: game.vendor,
    name: game.name,
    kind: game.kind,
    region: game.kind === 'vn' ? game.region : null,
    balls:
      game.kind === 'speed'
        ? game.balls
        : game.kind === 'pool'
          ? game.drawn
          : game.kind === 'race'
            ? game.cars
            : null,
    poolSize: game.kind === 'pool' ? game.poolSize : null,
    intervalSeconds: intervalOf(game, schedule),
    cutoffSeconds: cutoffOf(game, schedule),
    resultSource: settings.resultSource,
    betTypes: betTypesOf(game),
    currentDraw: current ? toDraw(current) : null,
    lastDraw: last ? toDraw(last) : null,
  };
};

export const listGameMenu = async (deps: GameMenuDependencies, brandId: bigint, vendor?: string) => ({
  games: await Promise.all((await listEnabledGames(deps, vendor)).map((game) => toGame(deps, brandId, game))),
});

export const listRecentGames = async (
  deps: Pick<LotteryContext, 'db' | 'schedule'>,
  member: LotteryMember,
) => {
  const rows = await repository.listRecentGames(deps.db, member.id, 10);
  const games: LotteryGame[] = [];
  for (const row of rows) {
    const game = findLotteryGame(row.game_code);
    if (game) games.push(await toGame(deps, member.brandId, game));
  }
  return { games };
};

export const showGame = async (deps: GameMenuDependencies, brandId: bigint, gameCode: string) => {
  const game = requireGame(gameCode);
  await catalogueGame(deps, game);
  return { ...(await toGame(deps, brandId, game)), serverTime: new Date().toISOString() };
};
