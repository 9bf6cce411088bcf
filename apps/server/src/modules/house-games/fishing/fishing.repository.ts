import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database';
import { numberArray, textArray } from '../../../db/array-literals';
import { selectPrepared } from '../../../db/prepared';
import type { PostingBatchCtes } from '../../wallet/ledger.service';
import { fishingBatches, fishingSessions, fishingShotAllowances } from './fishing.tables';

/** The SQL behind fishing sessions, their batches and the shot allowance (see fishing.service.ts). */

export type FishingSessionRow = typeof fishingSessions.$inferSelect;
export type FishingBatchRow = typeof fishingBatches.$inferSelect;

/** Undefined when the member already has an open session in the room (the partial unique index decides). */
export const insertOpenSession = async (
  executor: Executor,
  values: Pick<FishingSessionRow, 'brandId' | 'memberId' | 'room' | 'currency' | 'openedAt'>,
): Promise<FishingSessionRow | undefined> => {
  const [row] = await executor
    .insert(fishingSessions)
    .values({ ...values, lastActivityAt: values.openedAt })
    .onConflictDoNothing()
    .returning();
  return row;
};

export const findOpenSession = async (
  executor: Executor,
  memberId: bigint,
  room: string,
): Promise<FishingSessionRow | undefined> => {
  const [row] = await executor
    .select()
    .from(fishingSessions)
    .where(
      and(
        eq(fishingSessions.memberId, memberId),
        eq(fishingSessions.room, room),
        eq(fishingSessions.status, 'open'),
      ),
    );
  return row;
};

/** The member's session, locked until the caller commits when `lock` (every batch and the closing take it). */
export const findSession = async (
  executor: Executor,
  sessionId: bigint,
  memberId: bigint,
  lock = false,
): Promise<FishingSessionRow | undefined> => {
  const query = executor
    .select()
    .from(fishingSessions)
    .where(and(eq(fishingSessions.id, sessionId), eq(fishingSessions.memberId, memberId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

/**
 * Writes a batch and adds it to its session's totals in one statement; answers the totals after it.
 */
export const recordBatch = async (
  executor: Executor,
  batch: Omit<typeof fishingBatches.$inferInsert, 'id' | 'createdAt'>,
  at: Date,
): Promise<Pick<FishingSessionRow, 'shots' | 'staked' | 'won'>> => {
  const [row] = await selectPrepared<{ shots: number; staked: bigint; won: bigint }>(
    executor,
    'fishing_record_batch',
    sql`with written as (
          insert into fishing_batches (session_id, batch_id, request_hash, seed_pair_id, first_nonce, shot_count,
            staked, won, bet_transaction_id, win_transaction_id, result)
          values (${batch.sessionId}, ${batch.batchId}, ${batch.requestHash}, ${batch.seedPairId},
            ${batch.firstNonce}, ${batch.shotCount}, ${batch.staked}, ${batch.won}, ${batch.betTransactionId},
            ${batch.winTransactionId ?? null}, ${JSON.stringify(batch.result)}::jsonb)
          returning session_id, shot_count, staked, won
        )
        update fishing_sessions session
        set shots = session.shots + written.shot_count, batches = session.batches + 1,
          staked = session.staked + written.staked, won = session.won + written.won,
          last_activity_at = greatest(session.last_activity_at, ${at.toISOString()}::timestamptz)
        from written
        where session.id = written.session_id
        returning session.shots, session.staked, session.won`,
  );
  if (!row) throw new Error(`fishing session ${batch.sessionId} vanished under its lock`);
  return { shots: row.shots, staked: row.staked, won: row.won };
};

export const markSessionClosed = async (
  executor: Executor,
  sessionId: bigint,
  closing: { gameRoundId: bigint | null; at: Date },
): Promise<FishingSessionRow> => {
  const [row] = await executor
    .update(fishingSessions)
    .set({ status: 'closed', gameRoundId: closing.gameRoundId, closedAt: closing.at })
    .where(and(eq(fishingSessions.id, sessionId), eq(fishingSessions.status, 'open')))
    .returning();
  if (!row) throw new Error(`fishing session ${sessionId} was not open under its lock`);
  return row;
};

/** The session's batches in order, with what each moved: the round's calls. */
export const listSessionBatches = (executor: Executor, sessionId: bigint) =>
  executor
    .select({
      batchId: fishingBatches.batchId,
      staked: fishingBatches.staked,
      won: fishingBatches.won,
      betTransactionId: fishingBatches.betTransactionId,
      winTransactionId: fishingBatches.winTransactionId,
    })
    .from(fishingBatches)
    .where(eq(fishingBatches.sessionId, sessionId))
    .orderBy(asc(fishingBatches.id));

/** Open sessions quiet since before `before`, the longest quiet first. */
export const listIdleSessions = (executor: Executor, before: Date, limit: number) =>
  executor
    .select({ id: fishingSessions.id, memberId: fishingSessions.memberId })
    .from(fishingSessions)
    .where(and(eq(fishingSessions.status, 'open'), lt(fishingSessions.lastActivityAt, before)))
    .orderBy(asc(fishingSessions.lastActivityAt))
    .limit(limit);

/** The batch of the session that fired the shot, if any. */
export const findBatchOfShot = async (
  executor: Executor,
  sessionId: bigint,
  shotId: string,
): Promise<FishingBatchRow | undefined> => {
  const [row] = await executor
    .select()
    .from(fishingBatches)
    .where(
      and(
        eq(fishingBatches.sessionId, sessionId),
        sql`${fishingBatches.result} -> 'shots' @> ${JSON.stringify([{ shotId }])}::jsonb`,
      ),
    )
    .limit(1);
  return row;
};

/** A token bucket: thousandths of a shot, refilled at `perSecond` shots a second up to `burst` shots. */
export type ShotAllowance = { perSecond: number; burst: number };

/** int8 columns come back as bigint from a prepared statement on both drivers. */
type OpenedBatchRow = {
  id: bigint;
  brand_id: bigint;
  member_id: bigint;
  room: string;
  currency: string;
  status: 'open' | 'closed';
  shots: number;
  batches: number;
  staked: bigint;
  won: bigint;
  game_round_id: bigint | null;
  opened_at: Date | string;
  last_activity_at: Date | string;
  closed_at: Date | string | null;
  taken: number | null;
  cash: bigint;
  existing_batch_id: bigint | null;
};

const optionalDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** What a batch starts from: its session (locked), a batch of the same id played before, its shots and cash. */
export type OpenedBatch = {
  session: FishingSessionRow;
  /** The batch of the same id, played before (a retry): nothing was taken. */
  existingBatchId: bigint | null;
  /** Whole shots taken from the member's allowance (0 for a retry or a closed session). */
  taken: number;
  /** The member's cash in the session's currency (the wallet's published balance). */
  cash: bigint;
};

const toOpenedBatch = (row: OpenedBatchRow): OpenedBatch => ({
  session: {
    id: row.id,
    brandId: row.brand_id,
    memberId: row.member_id,
    room: row.room,
    currency: row.currency,
    status: row.status,
    shots: row.shots,
    batches: row.batches,
    staked: row.staked,
    won: row.won,
    gameRoundId: row.game_round_id,
    openedAt: new Date(row.opened_at),
    lastActivityAt: new Date(row.last_activity_at),
    closedAt: optionalDate(row.closed_at),
  },
  existingBatchId: row.existing_batch_id,
  taken: row.taken ?? 0,
  cash: row.cash,
});

/** What the bucket holds at `at`: its tokens plus perSecond thousandths per elapsed millisecond, up to the burst. */
const availableTokens = (at: string, { perSecond, burst }: ShotAllowance) =>
  sql`least(${BigInt(burst) * 1000n}::int8, allowance.tokens + greatest(0, floor(extract(epoch from (${at}::timestamptz - allowance.refilled_at)) * 1000))::int8 * ${perSecond}::int8)`;

/**
 * Every batch's first statement: locks the member's session; unless the batch id was played before in it or
 * the session is closed, takes up to `requested` whole shots from the member's allowance at `now` (a token
 * bucket in thousandths of a shot, refilled at `perSecond` a second up to `burst`; a member's first batch
 * inserts a full bucket less what it takes); and reads the member's cash. The session is locked before the
 * allowance (the insert reads the locked row), so concurrent batches queue in that order. Undefined when the
 * member has no such session.
 */
export const openBatch = async (
  executor: Executor,
  opening: { sessionId: bigint; memberId: bigint; batchId: string; requested: number; now: Date },
  { perSecond, burst }: ShotAllowance,
): Promise<OpenedBatch | undefined> => {
  const { sessionId, memberId, batchId, requested } = opening;
  const capacity = BigInt(burst) * 1000n;
  const at = opening.now.toISOString();
  const available = availableTokens(at, { perSecond, burst });
  const firstTaken = Math.min(requested, burst);
  const [row] = await selectPrepared<OpenedBatchRow>(
    executor,
    'fishing_open_batch',
    sql`with locked as (
          select * from fishing_sessions where id = ${sessionId} and member_id = ${memberId} for update
        ), existing as (
          select id from fishing_batches where session_id = ${sessionId} and batch_id = ${batchId}
        ), taken as (
          insert into fishing_shot_allowances as allowance (member_id, tokens, last_taken, refilled_at)
          select locked.member_id, ${capacity - BigInt(firstTaken) * 1000n}, ${firstTaken}, ${at}::timestamptz
          from locked where locked.status = 'open' and not exists (select 1 from existing)
          on conflict (member_id) do update set
            tokens = ${available} - least(${requested}::int8, ${available} / 1000) * 1000,
            last_taken = least(${requested}::int8, ${available} / 1000),
            refilled_at = greatest(allowance.refilled_at, ${at}::timestamptz)
          returning last_taken
        )
        select locked.*, (select last_taken from taken) as taken,
          (select coalesce(sum(balances.balance), 0)::int8 from wallet_member_cash_balances balances
            where balances.member_id = locked.member_id and balances.currency = locked.currency) as cash,
          (select id from existing) as existing_batch_id
        from locked`,
  );
  return row ? toOpenedBatch(row) : undefined;
};

/** One batch of a group (see `openBatches`); a member at most once per group. */
export type BatchOpening = { sessionId: bigint; memberId: bigint; batchId: string; requested: number };

/**
 * `openBatch` for a group of batches of different members, in one statement: locks their sessions in id order,
 * takes their shots from their allowances in member order and reads their cash. Answers each opening's batch
 * in the order given, undefined where the member has no such session.
 */
export const openBatches = async (
  executor: Executor,
  openings: readonly BatchOpening[],
  now: Date,
  allowance: ShotAllowance,
): Promise<Array<OpenedBatch | undefined>> => {
  const at = now.toISOString();
  const available = availableTokens(at, allowance);
  const { burst } = allowance;
  // `excluded.last_taken` is the request capped at the burst: capping it again at what is there takes as many.
  const rows = await selectPrepared<OpenedBatchRow>(
    executor,
    'fishing_open_batches',
    sql`with openings as (
          select * from unnest(
            ${numberArray(openings.map((opening) => opening.sessionId))}::int8[],
            ${numberArray(openings.map((opening) => opening.memberId))}::int8[],
            ${textArray(openings.map((opening) => opening.batchId))}::text[],
            ${numberArray(openings.map((opening) => opening.requested))}::int4[]
          ) as opening (session_id, member_id, batch_id, requested)
        ), locked as (
          select session.*, opening.requested
          from fishing_sessions session
          join openings opening on opening.session_id = session.id and opening.member_id = session.member_id
          order by session.id
          for update of session
        ), existing as (
          select batches.session_id, batches.id
          from fishing_batches batches
          join openings opening on opening.session_id = batches.session_id and opening.batch_id = batches.batch_id
        ), taken as (
          insert into fishing_shot_allowances as allowance (member_id, tokens, last_taken, refilled_at)
          select locked.member_id, ${BigInt(burst) * 1000n}::int8 - least(locked.requested, ${burst}::int4) * 1000,
            least(locked.requested, ${burst}::int4), ${at}::timestamptz
          from locked
          where locked.status = 'open' and not exists (select 1 from existing where existing.session_id = locked.id)
          order by locked.member_id
          on conflict (member_id) do update set
            tokens = ${available} - least(excluded.last_taken::int8, ${available} / 1000) * 1000,
            last_taken = least(excluded.last_taken::int8, ${available} / 1000),
            refilled_at = greatest(allowance.refilled_at, ${at}::timestamptz)
          returning member_id, last_taken
        )
        select locked.id, locked.brand_id, locked.member_id, locked.room, locked.currency, locked.status,
          locked.shots, locked.batches, locked.staked, locked.won, locked.game_round_id, locked.opened_at,
          locked.last_activity_at, locked.closed_at, taken.last_taken as taken,
          (select coalesce(sum(balances.balance), 0)::int8 from wallet_member_cash_balances balances
            where balances.member_id = locked.member_id and balances.currency = locked.currency) as cash,
          existing.id as existing_batch_id
        from locked
        left join taken on taken.member_id = locked.member_id
        left join existing on existing.session_id = locked.id`,
  );
  const bySession = new Map(rows.map((row) => [row.id, toOpenedBatch(row)]));
  return openings.map((opening) => bySession.get(opening.sessionId));
};

/** A batch of a group as `recordBatches` writes it: its postings are those of the given ordinals. */
export type GroupedBatch = Omit<
  typeof fishingBatches.$inferInsert,
  'id' | 'createdAt' | 'betTransactionId' | 'winTransactionId'
> & {
  betOrdinal: number;
  /** −1 when nothing was won (no win posting). */
  winOrdinal: number;
  /** The member's cash account, debited by the bet posting. */
  cashAccountId: bigint;
};

export type SessionTotals = Pick<FishingSessionRow, 'shots' | 'staked' | 'won'>;

/**
 * A group's postings, its batch rows and its sessions' totals in ONE statement (`recordBatch` for many, beside
 * the ledger's batch of postings). Answers each session's totals after it, and the lowest balance a bet left on
 * a member's cash (the postings' entries are in posting order, every bet before every win): the ledger checks
 * only each balance's final value, and a bet that overdrew before its win paid must not pass.
 */
export const recordBatches = async (
  executor: Executor,
  postings: PostingBatchCtes,
  batches: readonly GroupedBatch[],
  at: Date,
): Promise<{ totals: Map<bigint, SessionTotals>; lowestCashAfterBet: bigint | null }> => {
  const rows = await selectPrepared<{
    session_id: bigint;
    shots: number;
    staked: bigint;
    won: bigint;
    lowest_cash_after_bet: bigint | null;
  }>(
    executor,
    'fishing_record_batches',
    sql`with ${postings},
        fishing_group as (
          select * from unnest(
            ${numberArray(batches.map((batch) => batch.sessionId))}::int8[],
            ${textArray(batches.map((batch) => batch.batchId))}::text[],
            ${textArray(batches.map((batch) => batch.requestHash))}::text[],
            ${numberArray(batches.map((batch) => batch.seedPairId))}::int8[],
            ${numberArray(batches.map((batch) => batch.firstNonce))}::int4[],
            ${numberArray(batches.map((batch) => batch.shotCount))}::int4[],
            ${numberArray(batches.map((batch) => batch.staked))}::int8[],
            ${numberArray(batches.map((batch) => batch.won))}::int8[],
            ${numberArray(batches.map((batch) => batch.betOrdinal))}::int4[],
            ${numberArray(batches.map((batch) => batch.winOrdinal))}::int4[],
            ${textArray(batches.map((batch) => JSON.stringify(batch.result)))}::text[],
            ${numberArray(batches.map((batch) => batch.cashAccountId))}::int8[]
          ) as batch (session_id, batch_id, request_hash, seed_pair_id, first_nonce, shot_count, staked, won,
            bet_ordinal, win_ordinal, result, cash_account_id)
        ), fishing_written as (
          insert into fishing_batches (session_id, batch_id, request_hash, seed_pair_id, first_nonce, shot_count,
            staked, won, bet_transaction_id, win_transaction_id, result)
          select batch.session_id, batch.batch_id, batch.request_hash, batch.seed_pair_id, batch.first_nonce,
            batch.shot_count, batch.staked, batch.won, bet.id, win.id, batch.result::jsonb
          from fishing_group batch
          join ledger_batch_transactions bet on bet.ordinal = batch.bet_ordinal
          left join ledger_batch_transactions win on win.ordinal = batch.win_ordinal
          order by batch.session_id
          returning session_id, shot_count, staked, won
        ), fishing_totals as (
          update fishing_sessions session
          set shots = session.shots + written.shot_count, batches = session.batches + 1,
            staked = session.staked + written.staked, won = session.won + written.won,
            last_activity_at = greatest(session.last_activity_at, ${at.toISOString()}::timestamptz)
          from fishing_written written
          where session.id = written.session_id
          returning session.id, session.shots, session.staked, session.won
        )
        select totals.id as session_id, totals.shots, totals.staked, totals.won,
          (select min(entries.balance_after) from ledger_batch_entries entries
            where entries.amount < 0
              and entries.account_id in (select cash_account_id from fishing_group)) as lowest_cash_after_bet
        from fishing_totals totals`,
  );
  const totals = new Map(
    rows.map((row) => [row.session_id, { shots: row.shots, staked: row.staked, won: row.won }]),
  );
  return { totals, lowestCashAfterBet: rows[0]?.lowest_cash_after_bet ?? null };
};

/** Gives shots taken for a batch back to the allowance (the balance covered fewer), up to the burst. */
export const returnShots = async (
  executor: Executor,
  memberId: bigint,
  count: number,
  { burst }: ShotAllowance,
): Promise<void> => {
  await executor
    .update(fishingShotAllowances)
    .set({
      tokens: sql`least(${BigInt(burst) * 1000n}::int8, ${fishingShotAllowances.tokens} + ${count * 1000})`,
    })
    .where(eq(fishingShotAllowances.memberId, memberId));
};

export const findBatchById = async (executor: Executor, id: bigint): Promise<FishingBatchRow> => {
  const [row] = await executor.select().from(fishingBatches).where(eq(fishingBatches.id, id));
  if (!row) throw new Error(`fishing batch ${id} vanished`);
  return row;
};

export const findLastBatch = async (
  executor: Executor,
  sessionId: bigint,
): Promise<FishingBatchRow | undefined> => {
  const [row] = await executor
    .select()
    .from(fishingBatches)
    .where(eq(fishingBatches.sessionId, sessionId))
    .orderBy(desc(fishingBatches.id))
    .limit(1);
  return row;
};
