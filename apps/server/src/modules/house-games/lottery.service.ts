import type { PlaceBetsRequest } from '@wps/contracts/lottery';
import { AppError } from '../../http/app-error';
import type { AuditActor } from '../audit/audit.service';
import { listMemberBets } from './lottery/bet-history';
import { drawDueFairDraws } from './lottery/draw-fair-results';
import { listLatestResults, listOpenedDraws, showDraw, verifyDraw } from './lottery/draw-results';
import { listGameMenu, listRecentGames, showGame } from './lottery/game-menu';
import {
  enterResult,
  getGameSettings,
  listAdminDraws,
  listAdminGames,
  listNumberLimits,
  putGameSettings,
  putNumberLimit,
} from './lottery/lottery-admin';
import {
  createLotteryCaches,
  type LotteryBrand,
  type LotteryContext,
  type LotteryMember,
  type LotteryServiceDependencies,
} from './lottery/lottery-context';
import { runLotteryJob } from './lottery/lottery-job';
import { placeBets } from './lottery/place-bets';
import { closeDueDraws, scheduleDraws } from './lottery/schedule-draws';
import { settleDraw, settleDueDraws } from './lottery/settle-draws';
import { findLotteryGame } from './lottery.games';
import { fairResult } from './lottery.rules';

/**
 * The house lottery: draws scheduled ahead per brand and game, bets taken until the cut-off under
 * per-number caps and blocks, results drawn fairly (or entered by an operator), and settlement exactly once
 * per draw: one claim per draw (a conditional update with a lease), pending bets locked in chunks (skip
 * locked), settled with set-based updates, and every win posted under `lottery:<drawId>:<betId>:win`.
 *
 * Each job lives in its own file under `lottery/` (place-bets, settle-draws, draw-results, lottery-admin, ...);
 * this factory only creates the instance's caches and binds the use cases to them.
 */

export type {
  LotteryBrand,
  LotteryLogger,
  LotteryMember,
  LotteryServiceDependencies,
} from './lottery/lottery-context';

export const createLotteryService = ({ settleChunkSize = 2_000, ...deps }: LotteryServiceDependencies) => {
  const context: LotteryContext = { ...deps, settleChunkSize, caches: createLotteryCaches() };
  return {
    runJob: () => runLotteryJob(context),
    scheduleDraws: (now?: Date) => scheduleDraws(context, now),
    closeDue: () => closeDueDraws(context),
    drawDue: () => drawDueFairDraws(context),
    settleDue: () => settleDueDraws(context),
    settleDraw: (drawId: bigint, takeover?: boolean) => settleDraw(context, drawId, takeover),
    placeBets: (member: LotteryMember, brand: LotteryBrand, request: PlaceBetsRequest) =>
      placeBets(context, member, brand, request),
    myBets: (member: LotteryMember, brand: LotteryBrand, query: Parameters<typeof listMemberBets>[3]) =>
      listMemberBets(context, member, brand, query),
    gameMenu: (brandId: bigint, vendor?: string) => listGameMenu(context, brandId, vendor),
    recentGames: (member: LotteryMember) => listRecentGames(context, member),
    game: (brandId: bigint, gameCode: string) => showGame(context, brandId, gameCode),
    draw: (brandId: bigint, publicId: string) => showDraw(context, brandId, publicId),
    verifyDraw: (brandId: bigint, publicId: string) => verifyDraw(context, brandId, publicId),
    openedDraws: (brandId: bigint, gameCode: string, page: number, pageSize: number) =>
      listOpenedDraws(context, brandId, gameCode, page, pageSize),
    latestResults: (brandId: bigint, vendor?: string) => listLatestResults(context, brandId, vendor),
    enterResult: (
      actor: AuditActor,
      brand: LotteryBrand,
      publicId: string,
      result: Record<string, unknown>,
    ) => enterResult(context, actor, brand, publicId, result),
    getSettings: (brand: LotteryBrand, gameCode: string) => getGameSettings(context, brand, gameCode),
    putSettings: (
      actor: AuditActor,
      brand: LotteryBrand,
      gameCode: string,
      body: Parameters<typeof putGameSettings>[4],
    ) => putGameSettings(context, actor, brand, gameCode, body),
    listLimits: (brand: LotteryBrand, gameCode: string) => listNumberLimits(context, brand, gameCode),
    putLimit: (
      actor: AuditActor,
      brand: LotteryBrand,
      gameCode: string,
      number: string,
      body: Parameters<typeof putNumberLimit>[5],
    ) => putNumberLimit(context, actor, brand, gameCode, number, body),
    adminDraws: (brand: LotteryBrand, query: Parameters<typeof listAdminDraws>[2]) =>
      listAdminDraws(context, brand, query),
    adminGames: (brand: LotteryBrand) => listAdminGames(context, brand),
  };
};

export type LotteryService = ReturnType<typeof createLotteryService>;

/**
 * The lottery's verifier for the house games' verification page (registered under `lottery`): params
 * `gameCode` and, for VN draws, `stations` (codes separated by commas, as the draw lists them).
 */
export const verifyLotteryDraw = ({
  serverSeed,
  clientSeed,
  params,
}: {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  params: Readonly<Record<string, string>>;
}): Record<string, unknown> => {
  const game = findLotteryGame(params.gameCode ?? '');
  if (!game) throw new AppError('GAME_NOT_FOUND');
  const stations = (params.stations ?? '').split(',').filter((code) => code.length > 0);
  return fairResult(game, stations, { serverSeed, clientSeed });
};

/** Registers the lottery job: every `intervalMs` (0: never on a timer; `runNow('lottery')` still works). */
export const scheduleLottery = (
  scheduler: { every: (name: string, intervalMs: number, run: () => Promise<void>) => void },
  lottery: LotteryService,
  intervalMs: number,
): void => {
  scheduler.every('lottery', intervalMs, lottery.runJob);
};
