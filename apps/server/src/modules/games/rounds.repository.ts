import { and, asc, count, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { type RoundStatus, gameRounds, gameTransactions, gameVendors, games } from './games.tables';

/** The SQL behind the betting record: a member's rounds by day range, and one round with its calls. */

export type RoundFilter = {
  memberId: bigint;
  currency: string;
  productLine: string | null;
  status: RoundStatus | null;
  /** yyyy-MM-dd in `timeZone`; `to` is inclusive (the range ends at the next day's midnight there). */
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
};

/** Midnight in the member's zone (as the wallet's records count days), so DST days keep their real length. */
const roundConditions = (filter: RoundFilter): SQL | undefined =>
  and(
    eq(gameRounds.memberId, filter.memberId),
    eq(gameRounds.currency, filter.currency),
    filter.productLine === null ? undefined : eq(gameRounds.productLine, filter.productLine),
    filter.status === null ? undefined : eq(gameRounds.status, filter.status),
    filter.from === undefined
      ? undefined
      : sql`${gameRounds.openedAt} >= (${filter.from}::date)::timestamp at time zone ${filter.timeZone}`,
    filter.to === undefined
      ? undefined
      : sql`${gameRounds.openedAt} < (${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone}`,
  );

const total = (column: SQLWrapper) => sql<bigint>`coalesce(sum(${column}), 0)::int8`.mapWith(BigInt);

/** How many rounds match, and their sums over the whole filter (not only the page). */
export const summariseRounds = async (executor: Executor, filter: RoundFilter) => {
  const [row] = await executor
    .select({
      count: count(),
      bet: total(gameRounds.betAmount),
      validBet: total(gameRounds.validBet),
      win: total(gameRounds.winAmount),
      refunded: total(gameRounds.refundedAmount),
    })
    .from(gameRounds)
    .where(roundConditions(filter));
  return row ?? { count: 0, bet: 0n, validBet: 0n, win: 0n, refunded: 0n };
};

const roundColumns = {
  id: gameRounds.id,
  roundRef: gameRounds.roundRef,
  vendorCode: gameVendors.code,
  vendorName: gameVendors.displayName,
  gameCode: games.gameCode,
  gameName: games.name,
  productLine: gameRounds.productLine,
  status: gameRounds.status,
  betAmount: gameRounds.betAmount,
  validBet: gameRounds.validBet,
  winAmount: gameRounds.winAmount,
  refundedAmount: gameRounds.refundedAmount,
  currency: gameRounds.currency,
  openedAt: gameRounds.openedAt,
  settledAt: gameRounds.settledAt,
};

/** Newest first (by the round's start, then id, so a page boundary is stable). */
export const listRounds = (
  executor: Executor,
  filter: RoundFilter,
  page: { limit: number; offset: number },
) =>
  executor
    .select(roundColumns)
    .from(gameRounds)
    .innerJoin(gameVendors, eq(gameVendors.id, gameRounds.vendorId))
    .innerJoin(games, eq(games.id, gameRounds.gameId))
    .where(roundConditions(filter))
    .orderBy(desc(gameRounds.openedAt), desc(gameRounds.id))
    .limit(page.limit)
    .offset(page.offset);

export type RoundRow = Awaited<ReturnType<typeof listRounds>>[number];

/** One round of the member's; another member's round is not found. */
export const findMemberRound = async (executor: Executor, memberId: bigint, roundId: bigint) => {
  const [row] = await executor
    .select({ ...roundColumns, details: gameRounds.details })
    .from(gameRounds)
    .innerJoin(gameVendors, eq(gameVendors.id, gameRounds.vendorId))
    .innerJoin(games, eq(games.id, gameRounds.gameId))
    .where(and(eq(gameRounds.id, roundId), eq(gameRounds.memberId, memberId)))
    .limit(1);
  return row;
};

/** The round's bets, wins and rollbacks in the order they arrived (tombstones are not money). */
export const listRoundTransactions = (executor: Executor, roundId: bigint) =>
  executor
    .select({
      kind: gameTransactions.kind,
      transactionUuid: gameTransactions.transactionUuid,
      referenceUuid: gameTransactions.referenceUuid,
      amount: gameTransactions.amount,
      isRolledBack: gameTransactions.isRolledBack,
      createdAt: gameTransactions.createdAt,
    })
    .from(gameTransactions)
    .where(
      and(eq(gameTransactions.roundId, roundId), inArray(gameTransactions.kind, ['bet', 'win', 'rollback'])),
    )
    .orderBy(asc(gameTransactions.id));
