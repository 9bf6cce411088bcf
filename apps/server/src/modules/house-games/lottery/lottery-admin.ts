import type { AdminLotteryGame, adminDrawViews, LotteryDraw } from '@wps/contracts/lottery';
import { formatMinorUnits } from '@wps/contracts/money';
import { AppError } from '../../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../lottery.repository';
import type { DrawRow } from '../lottery.repository';
import { lotteryGames } from '../lottery.games';
import { checkOperatorResult } from '../lottery.rules';
import type { LotteryResultSource } from '../lottery.tables';
import { requireDraw } from './draw-results';
import { gameSettingsOf, requireGame } from './lottery-catalogue';
import type { LotteryBrand, LotteryContext } from './lottery-context';
import { toDraw } from './lottery-views';
import { type SettleDrawsDependencies, settleDraw } from './settle-draws';

/**
 * The operator's lottery, per brand (the one the operator's request names): results entered for draws the brand draws itself,
 * each game's result source and default number cap, per-number caps and blocks, and the draws with their
 * totals. Every change is audited in the same transaction.
 */

type AdminDrawView = (typeof adminDrawViews)[number];

export type LotteryAdminDependencies = SettleDrawsDependencies & Pick<LotteryContext, 'log'>;

const parseCap = async (
  { wallet }: Pick<LotteryContext, 'wallet'>,
  value: string | null,
  currency: string,
  field: string,
): Promise<bigint | null> => (value === null ? null : wallet.parseAmount(value, currency, field));

const formatCap = async (
  { ledger }: Pick<LotteryContext, 'ledger'>,
  value: bigint | null,
  currency: string,
): Promise<string | null> =>
  value === null ? null : formatMinorUnits(value, await ledger.getCurrencyExponent(currency));

/**
 * Records an operator's result of a closed, due draw and settles the draw at once (a settlement that fails
 * here is only logged: the job settles the draw later).
 */
export const enterResult = async (
  deps: LotteryAdminDependencies,
  actor: AuditActor,
  brand: LotteryBrand,
  publicId: string,
  result: Record<string, unknown>,
): Promise<LotteryDraw> => {
  const { db, log } = deps;
  const draw = await requireDraw(deps, brand.id, publicId);
  const game = requireGame(draw.gameCode);
  if (draw.resultSource !== 'operator') {
    throw new AppError('LOTTERY_RESULT_REJECTED', { message: 'This draw is drawn fairly by the platform' });
  }
  if (draw.status !== 'closed' || draw.drawAt.getTime() > Date.now()) {
    throw new AppError('LOTTERY_RESULT_REJECTED', {
      message: 'A result can be entered once the draw is closed and due, and only once',
    });
  }
  const canonical = checkOperatorResult(
    game,
    draw.stations.map((station) => station.code),
    result,
  );
  if (!canonical) {
    throw new AppError('LOTTERY_RESULT_REJECTED', { message: 'The result does not fit this game' });
  }
  const recorded = await db.transaction(async (tx) => {
    const row = await repository.recordResult(tx, draw.id, canonical);
    if (!row) throw new AppError('LOTTERY_RESULT_REJECTED', { message: 'The draw already has a result' });
    await recordAuditEvent(tx, {
      actor,
      action: 'lottery.result.enter',
      entityType: 'lottery_draw',
      entityId: draw.publicId,
      before: { status: draw.status },
      after: { status: 'drawn', result: canonical },
    });
    return row;
  });
  try {
    await settleDraw(deps, recorded.id);
  } catch (error) {
    log.error({ err: error, drawId: recorded.publicId }, 'lottery settlement after an entered result failed');
  }
  return toDraw((await repository.findDrawById(db, recorded.id)) ?? recorded);
};

export const getGameSettings = async (
  deps: Pick<LotteryContext, 'db' | 'ledger'>,
  brand: LotteryBrand,
  gameCode: string,
) => {
  requireGame(gameCode);
  const settings = await gameSettingsOf(deps, brand.id, gameCode);
  return {
    resultSource: settings.resultSource,
    defaultNumberCap: await formatCap(deps, settings.defaultNumberCap, brand.currency),
  };
};

/** Sets a game's result source (also on its draws still open) and default number cap. */
export const putGameSettings = async (
  deps: Pick<LotteryContext, 'db' | 'ledger' | 'wallet'>,
  actor: AuditActor,
  brand: LotteryBrand,
  gameCode: string,
  body: { resultSource: LotteryResultSource; defaultNumberCap: string | null },
) => {
  requireGame(gameCode);
  const cap = await parseCap(deps, body.defaultNumberCap, brand.currency, 'defaultNumberCap');
  await deps.db.transaction(async (tx) => {
    const before = await repository.findGameSettings(tx, brand.id, gameCode);
    await repository.upsertGameSettings(tx, {
      brandId: brand.id,
      gameCode,
      resultSource: body.resultSource,
      defaultNumberCap: cap,
    });
    await repository.setOpenDrawsSource(tx, brand.id, gameCode, body.resultSource);
    await recordAuditEvent(tx, {
      actor,
      action: 'lottery.settings.update',
      entityType: 'lottery_game',
      entityId: `${brand.id}:${gameCode}`,
      before: before
        ? {
            resultSource: before.resultSource,
            defaultNumberCap: before.defaultNumberCap?.toString() ?? null,
          }
        : null,
      after: { resultSource: body.resultSource, defaultNumberCap: cap?.toString() ?? null },
    });
  });
  return getGameSettings(deps, brand, gameCode);
};

export const listNumberLimits = async (
  deps: Pick<LotteryContext, 'db' | 'ledger'>,
  brand: LotteryBrand,
  gameCode: string,
) => {
  requireGame(gameCode);
  const rows = await repository.listNumberLimits(deps.db, brand.id, gameCode);
  return {
    numbers: await Promise.all(
      rows.map(async (row) => ({
        number: row.number,
        cap: await formatCap(deps, row.cap, brand.currency),
        blocked: row.blocked,
      })),
    ),
  };
};

/** Sets one number's cap and block in a game. */
export const putNumberLimit = async (
  deps: Pick<LotteryContext, 'db' | 'ledger' | 'wallet'>,
  actor: AuditActor,
  brand: LotteryBrand,
  gameCode: string,
  number: string,
  body: { cap: string | null; blocked: boolean },
) => {
  requireGame(gameCode);
  const cap = await parseCap(deps, body.cap, brand.currency, 'cap');
  const row = await deps.db.transaction(async (tx) => {
    const { before, row: after } = await repository.upsertNumberLimit(tx, {
      brandId: brand.id,
      gameCode,
      number,
      cap,
      blocked: body.blocked,
    });
    await recordAuditEvent(tx, {
      actor,
      action: 'lottery.number.limit',
      entityType: 'lottery_number',
      entityId: `${brand.id}:${gameCode}:${number}`,
      before: before ? { cap: before.cap?.toString() ?? null, blocked: before.blocked } : null,
      after: { cap: cap?.toString() ?? null, blocked: body.blocked },
    });
    return after;
  });
  return {
    number,
    cap: await formatCap(deps, row?.cap ?? null, brand.currency),
    blocked: row?.blocked ?? body.blocked,
  };
};

/** The statuses of each view of the draws: still ahead of their result, or drawn. */
const viewStatuses: Readonly<Record<AdminDrawView, readonly DrawRow['status'][]>> = {
  upcoming: ['open', 'closed'],
  past: ['drawn', 'settling', 'settled'],
};

/**
 * The brand's draws (of one game, status, view or station when given), newest first (upcoming ones soonest
 * first), with their bet count and totals.
 */
export const listAdminDraws = async (
  deps: Pick<LotteryContext, 'db' | 'ledger'>,
  brand: LotteryBrand,
  query: {
    gameCode?: string | undefined;
    status?: DrawRow['status'] | undefined;
    view?: AdminDrawView | undefined;
    station?: string | undefined;
    page: number;
    pageSize: number;
  },
) => {
  const { db } = deps;
  const statuses =
    query.view === undefined
      ? query.status && [query.status]
      : viewStatuses[query.view].filter((status) => query.status === undefined || status === query.status);
  const { rows, total } = await repository.listDraws(
    db,
    {
      brandId: brand.id,
      gameCode: query.gameCode,
      stationCode: query.station,
      ...(statuses === undefined ? {} : { statuses }),
    },
    {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
      soonestFirst: query.view === 'upcoming',
    },
  );
  const totals = new Map(
    (
      await repository.drawTotals(
        db,
        rows.map((row) => row.id),
      )
    ).map((row) => [row.draw_id, row]),
  );
  const exponent = await deps.ledger.getCurrencyExponent(brand.currency);
  return {
    draws: rows.map((row) => {
      const sums = totals.get(row.id);
      return {
        ...toDraw(row),
        betCount: Number(sums?.bet_count ?? 0n),
        totalStake: formatMinorUnits(sums?.total_stake ?? 0n, exponent),
        totalPayout: formatMinorUnits(sums?.total_payout ?? 0n, exponent),
      };
    }),
    total,
    totalPages: Math.ceil(total / query.pageSize),
  };
};

/** Every lottery game of the platform with the brand's settings, for the console's draws and results. */
export const listAdminGames = async (
  deps: Pick<LotteryContext, 'db' | 'ledger'>,
  brand: LotteryBrand,
): Promise<{ currency: string; games: AdminLotteryGame[] }> => ({
  currency: brand.currency,
  games: await Promise.all(
    lotteryGames.map(async (game) => ({
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
      ...(await getGameSettings(deps, brand, game.gameCode)),
    })),
  ),
});
