import type { LotteryDraw } from '@wps/contracts/lottery';
import { AppError } from '../../../http/app-error';
import { hashServerSeed } from '../fairness';
import * as repository from '../lottery.repository';
import type { DrawRow } from '../lottery.repository';
import { fairResult } from '../lottery.rules';
import { listEnabledGames, requireGame } from './lottery-catalogue';
import type { LotteryContext } from './lottery-context';
import { isOpened, openedStatuses, toDraw } from './lottery-views';

/** Draws and their results as players see them, and the proof of a fair result. */

/** JSON with object keys sorted (jsonb reorders keys), for comparing results. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

export const requireDraw = async (
  { db }: Pick<LotteryContext, 'db'>,
  brandId: bigint,
  publicId: string,
): Promise<DrawRow> => {
  const draw = await repository.findDrawByPublicId(db, brandId, publicId);
  if (!draw) throw new AppError('NOT_FOUND', { message: 'No such draw' });
  return draw;
};

export const showDraw = async (deps: Pick<LotteryContext, 'db'>, brandId: bigint, publicId: string) =>
  toDraw(await requireDraw(deps, brandId, publicId));

/** Recomputes a revealed fair result from its seeds and says whether the seed and the result match. */
export const verifyDraw = async (deps: Pick<LotteryContext, 'db'>, brandId: bigint, publicId: string) => {
  const draw = await requireDraw(deps, brandId, publicId);
  const game = requireGame(draw.gameCode);
  if (draw.resultSource !== 'fair' || !isOpened(draw.status) || !draw.result) {
    throw new AppError('NOT_FOUND', { message: 'This draw has no revealed fair result yet' });
  }
  const recomputed = fairResult(
    game,
    draw.stations.map((station) => station.code),
    { serverSeed: draw.serverSeed, clientSeed: draw.publicId },
  );
  return {
    drawId: draw.publicId,
    serverSeed: draw.serverSeed,
    serverSeedHash: draw.serverSeedHash,
    clientSeed: draw.publicId,
    nonce: 0,
    hashMatches: hashServerSeed(draw.serverSeed) === draw.serverSeedHash,
    recomputed,
    resultMatches: canonicalJson(recomputed) === canonicalJson(draw.result),
  };
};

/** A game's draws that have a result, newest first. */
export const listOpenedDraws = async (
  { db }: Pick<LotteryContext, 'db'>,
  brandId: bigint,
  gameCode: string,
  page: number,
  pageSize: number,
) => {
  requireGame(gameCode);
  const { rows, total } = await repository.listDraws(
    db,
    { brandId, gameCode, statuses: openedStatuses },
    { limit: pageSize, offset: (page - 1) * pageSize },
  );
  return { draws: rows.map(toDraw), total, totalPages: Math.ceil(total / pageSize) };
};

/** The last result of every enabled game (of one vendor when given). */
export const listLatestResults = async (
  deps: Pick<LotteryContext, 'db' | 'caches'>,
  brandId: bigint,
  vendor?: string,
) => {
  const draws: LotteryDraw[] = [];
  for (const game of await listEnabledGames(deps, vendor)) {
    const last = await repository.findLastDrawn(deps.db, brandId, game.gameCode);
    if (last) draws.push(toDraw(last));
  }
  return { draws };
};
