import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database';
import { selectPrepared } from '../../../db/prepared';
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
  // What the bucket holds now: its tokens plus perSecond thousandths per elapsed millisecond, up to the burst.
  const available = sql`least(${capacity}::int8, allowance.tokens + greatest(0, floor(extract(epoch from (${at}::timestamptz - allowance.refilled_at)) * 1000))::int8 * ${perSecond}::int8)`;
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
  if (!row) return undefined;
  return {
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
  };
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
