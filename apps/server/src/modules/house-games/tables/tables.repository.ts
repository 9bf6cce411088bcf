import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { numberArray, textArray } from '../../../db/array-literals';
import { type Executor, selectRows } from '../../../db/database';
import { selectPrepared } from '../../../db/prepared';
import {
  houseTableBets,
  type HouseTableRoundStatus,
  houseTableRounds,
  houseTableShoes,
} from './tables.tables';

/** The SQL behind the house tables (see tables.service.ts for the rules). */

export type TableRoundRow = typeof houseTableRounds.$inferSelect;
export type ShoeRow = typeof houseTableShoes.$inferSelect;

export const findLatestRound = async (
  executor: Executor,
  tableCode: string,
): Promise<TableRoundRow | undefined> => {
  const [row] = await executor
    .select()
    .from(houseTableRounds)
    .where(eq(houseTableRounds.tableCode, tableCode))
    .orderBy(desc(houseTableRounds.number))
    .limit(1);
  return row;
};

export const findRound = async (executor: Executor, id: bigint): Promise<TableRoundRow | undefined> => {
  const [row] = await executor.select().from(houseTableRounds).where(eq(houseTableRounds.id, id));
  return row;
};

/** The round row for update (the close, after the betting gate). */
export const lockRound = async (executor: Executor, id: bigint): Promise<TableRoundRow | undefined> => {
  const [row] = await executor
    .select()
    .from(houseTableRounds)
    .where(eq(houseTableRounds.id, id))
    .for('update');
  return row;
};

/**
 * The round's betting gate: a bet holds it shared for its transaction (and the member's own lock on the
 * round, so their limits hold under a burst of their requests), the close holds it exclusively; so every bet
 * committed before the close is in the round and every later one reads the round closed. Locks in the lock
 * manager, not on the row: concurrent bets sharing a row lock would each write a multixact.
 */
export const holdBettingGate = async (
  executor: Executor,
  roundId: bigint,
  holder: { memberId: bigint } | 'close',
) => {
  const gate = `tables:gate:${roundId}`;
  if (holder === 'close') {
    await executor.execute(sql`select pg_advisory_xact_lock(hashtextextended(${gate}, 0))`);
    return;
  }
  await selectPrepared(
    executor,
    'tables.bet.gate',
    sql`select pg_advisory_xact_lock_shared(hashtextextended(${gate}, 0))::text,
      pg_advisory_xact_lock(hashtextextended(${`tables:${roundId}:${holder.memberId}`}, 0))::text`,
  );
};

/**
 * `holdBettingGate` for a batch of requests: first every round's gate (shared), then every member's lock on
 * their round, in the locks' key order, so batches and single requests never wait on each other in a circle.
 */
export const holdBettingGates = async (
  executor: Executor,
  holders: ReadonlyArray<{ roundId: bigint; memberId: bigint }>,
) => {
  const gates = [...new Set(holders.map((holder) => `tables:gate:${holder.roundId}`))];
  const members = holders.map((holder) => `tables:${holder.roundId}:${holder.memberId}`);
  await executor.execute(sql`
    select count(pg_advisory_xact_lock_shared(key)) from (
      select distinct hashtextextended(gate, 0) as key from unnest(${textArray(gates)}::text[]) gate order by 1
    ) gates`);
  await executor.execute(sql`
    select count(pg_advisory_xact_lock(key)) from (
      select distinct hashtextextended(holder, 0) as key from unnest(${textArray(members)}::text[]) holder
      order by 1
    ) holders`);
};

/** Answers undefined when the table already has an unfinished round or the number is taken. */
export const insertRound = async (
  executor: Executor,
  round: Omit<
    typeof houseTableRounds.$inferInsert,
    'id' | 'createdAt' | 'status' | 'result' | 'steps' | 'dealingEndsAt' | 'settledAt' | 'cardsUsed'
  >,
): Promise<TableRoundRow | undefined> => {
  const [row] = await executor.insert(houseTableRounds).values(round).onConflictDoNothing().returning();
  return row;
};

/** Closes betting and records the result, only from `betting`: a second driver's attempt changes nothing. */
export const dealRound = async (
  executor: Executor,
  id: bigint,
  dealt: Pick<TableRoundRow, 'result' | 'steps' | 'cardsUsed' | 'dealingEndsAt'>,
): Promise<boolean> => {
  const rows = await executor
    .update(houseTableRounds)
    .set({ status: 'dealing', ...dealt })
    .where(and(eq(houseTableRounds.id, id), eq(houseTableRounds.status, 'betting')))
    .returning({ id: houseTableRounds.id });
  return rows.length === 1;
};

export const moveRound = async (
  executor: Executor,
  id: bigint,
  from: HouseTableRoundStatus,
  to: HouseTableRoundStatus,
  at: Date,
): Promise<boolean> => {
  const rows = await executor
    .update(houseTableRounds)
    .set({ status: to, ...(to === 'settled' ? { settledAt: at } : {}) })
    .where(and(eq(houseTableRounds.id, id), eq(houseTableRounds.status, from)))
    .returning({ id: houseTableRounds.id });
  return rows.length === 1;
};

export const findOpenShoe = async (executor: Executor, tableCode: string): Promise<ShoeRow | undefined> => {
  const [row] = await executor
    .select()
    .from(houseTableShoes)
    .where(and(eq(houseTableShoes.tableCode, tableCode), isNull(houseTableShoes.endedAt)));
  return row;
};

export const findShoe = async (executor: Executor, id: bigint): Promise<ShoeRow | undefined> => {
  const [row] = await executor.select().from(houseTableShoes).where(eq(houseTableShoes.id, id));
  return row;
};

export const insertShoe = async (
  executor: Executor,
  shoe: Pick<ShoeRow, 'tableCode' | 'seed' | 'seedHash' | 'clientSeed' | 'cutPosition'>,
): Promise<ShoeRow> => {
  const [row] = await executor.insert(houseTableShoes).values(shoe).returning();
  if (!row) throw new Error('the shoe was not written');
  return row;
};

export const endShoe = async (executor: Executor, id: bigint, at: Date): Promise<void> => {
  await executor
    .update(houseTableShoes)
    .set({ endedAt: at })
    .where(and(eq(houseTableShoes.id, id), isNull(houseTableShoes.endedAt)));
};

/** Moves the shoe past a dealt round's cards (never backwards). */
export const advanceShoe = async (executor: Executor, id: bigint, nextPosition: number): Promise<void> => {
  await executor
    .update(houseTableShoes)
    .set({ nextPosition: sql`greatest(${houseTableShoes.nextPosition}, ${nextPosition})` })
    .where(eq(houseTableShoes.id, id));
};

export type TableBetRow = typeof houseTableBets.$inferSelect;

export const listRequestBets = (executor: Executor, memberId: bigint, requestId: string) =>
  executor
    .select()
    .from(houseTableBets)
    .where(and(eq(houseTableBets.memberId, memberId), eq(houseTableBets.requestId, requestId)));

/** What a bet needs of its round, read after the betting gate (see `bettingView`). */
export type BettingRound = Pick<
  TableRoundRow,
  | 'id'
  | 'tableCode'
  | 'status'
  | 'closesAt'
  | 'number'
  | 'serverSeedHash'
  | 'clientSeed'
  | 'nonce'
  | 'shoePosition'
>;

type BettingViewRow = {
  table_code: string;
  status: TableRoundRow['status'];
  closes_at: Date | string;
  number: number;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  shoe_position: number | null;
  /** json: node-postgres parses it, PGlite's prepared path may answer the text. */
  stakes: unknown;
  placed: boolean;
};

/**
 * Read under the betting gate and the member's lock, in one prepared statement: the round, the member's
 * stakes on it by spot, and whether `requestId` was placed already (on any round).
 */
export const bettingView = async (
  executor: Executor,
  roundId: bigint,
  memberId: bigint,
  requestId: string,
): Promise<{ round: BettingRound; stakes: Map<string, bigint>; placed: boolean } | undefined> => {
  const [row] = await selectPrepared<BettingViewRow>(
    executor,
    'tables.bet.view',
    sql`select r.table_code, r.status, r.closes_at, r.number, r.server_seed_hash, r.client_seed, r.nonce,
      r.shoe_position,
      coalesce((select json_agg(json_build_object('spot', s.spot, 'amount', s.amount::text))
        from (select spot, sum(amount) as amount from house_table_bets
              where round_id = r.id and member_id = ${memberId} group by spot) s), '[]'::json) as stakes,
      exists (select 1 from house_table_bets where member_id = ${memberId} and request_id = ${requestId}) as placed
    from house_table_rounds r where r.id = ${roundId}`,
  );
  return row ? viewOf(roundId, row) : undefined;
};

const viewOf = (roundId: bigint, row: BettingViewRow) => {
  const stakes = (typeof row.stakes === 'string' ? JSON.parse(row.stakes) : row.stakes) as Array<{
    spot: string;
    amount: string;
  }>;
  return {
    round: {
      id: roundId,
      tableCode: row.table_code,
      status: row.status,
      closesAt: new Date(row.closes_at),
      number: row.number,
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      nonce: row.nonce,
      shoePosition: row.shoe_position,
    },
    stakes: new Map(stakes.map((stake) => [stake.spot, BigInt(stake.amount)])),
    placed: row.placed,
  };
};

/**
 * `bettingView` for a batch of requests (one member each), in one statement, read after `holdBettingGates`;
 * answered in the requests' order (undefined where the round does not exist).
 */
export const bettingViews = async (
  executor: Executor,
  requests: ReadonlyArray<{ roundId: bigint; memberId: bigint; requestId: string }>,
): Promise<Array<{ round: BettingRound; stakes: Map<string, bigint>; placed: boolean } | undefined>> => {
  const rows = await selectRows<BettingViewRow & { ordinal: number | string }>(
    executor,
    sql`select q.ordinal, r.table_code, r.status, r.closes_at, r.number, r.server_seed_hash, r.client_seed,
      r.nonce, r.shoe_position,
      coalesce((select json_agg(json_build_object('spot', s.spot, 'amount', s.amount::text))
        from (select spot, sum(amount) as amount from house_table_bets
              where round_id = r.id and member_id = q.member_id group by spot) s), '[]'::json) as stakes,
      exists (select 1 from house_table_bets b where b.member_id = q.member_id and b.request_id = q.request_id)
        as placed
    from unnest(${numberArray(requests.map((request) => request.roundId))}::int8[],
                ${numberArray(requests.map((request) => request.memberId))}::int8[],
                ${textArray(requests.map((request) => request.requestId))}::text[])
      with ordinality as q (round_id, member_id, request_id, ordinal)
    join house_table_rounds r on r.id = q.round_id`,
  );
  const byOrdinal = new Map(rows.map((row) => [Number(row.ordinal), row]));
  return requests.map((request, index) => {
    const row = byOrdinal.get(index + 1);
    return row ? viewOf(request.roundId, row) : undefined;
  });
};

export const insertBets = (executor: Executor, bets: Array<typeof houseTableBets.$inferInsert>) =>
  executor.insert(houseTableBets).values(bets).returning();

export const listMemberRoundBets = (executor: Executor, roundId: bigint, memberId: bigint) =>
  executor
    .select()
    .from(houseTableBets)
    .where(and(eq(houseTableBets.roundId, roundId), eq(houseTableBets.memberId, memberId)));

/** The next chunk of a round's unsettled bets, locked (skip locked: another settler's rows are left to it). */
export const lockPlacedBets = (executor: Executor, roundId: bigint, limit: number) =>
  executor
    .select()
    .from(houseTableBets)
    .where(and(eq(houseTableBets.roundId, roundId), eq(houseTableBets.status, 'placed')))
    .orderBy(houseTableBets.id)
    .limit(limit)
    .for('update', { skipLocked: true });

/** Settles bets with their returns in one statement, only those still placed. */
export const settleBets = async (
  executor: Executor,
  bets: ReadonlyArray<{ id: bigint; returned: bigint }>,
  at: Date,
): Promise<void> => {
  if (bets.length === 0) return;
  await executor.execute(sql`
    update house_table_bets bet
    set status = 'settled', returned = settled.returned, settled_at = ${at}
    from unnest(${numberArray(bets.map((bet) => bet.id))}::int8[],
                ${numberArray(bets.map((bet) => bet.returned))}::int8[]) as settled (id, returned)
    where bet.id = settled.id and bet.status = 'placed'`);
};

/** Every bet of the round (settled ones for the records), ordered by request. */
export const listRoundBets = (executor: Executor, roundId: bigint) =>
  executor
    .select()
    .from(houseTableBets)
    .where(eq(houseTableBets.roundId, roundId))
    .orderBy(houseTableBets.gameRoundId, houseTableBets.id);

/** The table's latest settled rounds, newest first. */
export const listSettledRounds = (executor: Executor, tableCode: string, limit: number) =>
  executor
    .select()
    .from(houseTableRounds)
    .where(and(eq(houseTableRounds.tableCode, tableCode), eq(houseTableRounds.status, 'settled')))
    .orderBy(desc(houseTableRounds.number))
    .limit(limit);

/** Players and total stake per spot on a round. */
export const roundTotals = async (executor: Executor, roundId: bigint) => {
  const rows = await executor
    .select({
      spot: houseTableBets.spot,
      amount: sql<string>`sum(${houseTableBets.amount})::text`,
      players: sql<number>`count(distinct ${houseTableBets.memberId})::int`,
    })
    .from(houseTableBets)
    .where(eq(houseTableBets.roundId, roundId))
    .groupBy(houseTableBets.spot);
  const [all] = await executor
    .select({
      players: sql<number>`count(distinct ${houseTableBets.memberId})::int`,
      bets: sql<number>`count(*)::int`,
    })
    .from(houseTableBets)
    .where(eq(houseTableBets.roundId, roundId));
  return { spots: rows, players: all?.players ?? 0, bets: all?.bets ?? 0 };
};

/** A member's bets on the table's latest rounds, newest first. */
export const listMemberTableBets = (executor: Executor, tableCode: string, memberId: bigint, limit: number) =>
  executor
    .select({ bet: houseTableBets, round: houseTableRounds })
    .from(houseTableBets)
    .innerJoin(houseTableRounds, eq(houseTableRounds.id, houseTableBets.roundId))
    .where(and(eq(houseTableRounds.tableCode, tableCode), eq(houseTableBets.memberId, memberId)))
    .orderBy(desc(houseTableBets.id))
    .limit(limit);

/**
 * Whether the round still has placed bets, waiting for any settler's chunk that holds some (no skip locked:
 * a chunk being settled is waited for, then seen settled), so the records are written from final returns.
 */
export const hasPlacedBets = async (executor: Executor, roundId: bigint): Promise<boolean> => {
  const rows = await executor
    .select({ id: houseTableBets.id })
    .from(houseTableBets)
    .where(and(eq(houseTableBets.roundId, roundId), eq(houseTableBets.status, 'placed')))
    .for('update');
  return rows.length > 0;
};
