import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { memberBonuses } from './promotions.tables';

export type BonusRow = typeof memberBonuses.$inferSelect;
export type NewBonus = typeof memberBonuses.$inferInsert;

const activeOf = (memberId: bigint, currency: string) =>
  and(
    eq(memberBonuses.memberId, memberId),
    eq(memberBonuses.currency, currency),
    eq(memberBonuses.status, 'active'),
  );

export const findActiveBonus = async (
  executor: Executor,
  memberId: bigint,
  currency: string,
): Promise<BonusRow | undefined> => {
  const [row] = await executor.select().from(memberBonuses).where(activeOf(memberId, currency));
  return row;
};

/** Of `memberIds`, the `member:currency` pairs with an active bonus (read without locking). */
export const findActiveBonusOwners = async (
  executor: Executor,
  memberIds: readonly bigint[],
): Promise<Set<string>> => {
  if (memberIds.length === 0) return new Set();
  const rows = await executor
    .select({ memberId: memberBonuses.memberId, currency: memberBonuses.currency })
    .from(memberBonuses)
    .where(and(inArray(memberBonuses.memberId, [...memberIds]), eq(memberBonuses.status, 'active')));
  return new Set(rows.map((row) => `${row.memberId}:${row.currency}`));
};

/** The active bonus, locked: wagering and its end queue on the row. */
export const lockActiveBonus = async (
  executor: Executor,
  memberId: bigint,
  currency: string,
): Promise<BonusRow | undefined> => {
  const [row] = await executor.select().from(memberBonuses).where(activeOf(memberId, currency)).for('update');
  return row;
};

export const lockBonus = async (executor: Executor, id: bigint): Promise<BonusRow | undefined> => {
  const [row] = await executor.select().from(memberBonuses).where(eq(memberBonuses.id, id)).for('update');
  return row;
};

export const findBonusByReference = async (
  executor: Executor,
  memberId: bigint,
  reference: string,
): Promise<BonusRow | undefined> => {
  const [row] = await executor
    .select()
    .from(memberBonuses)
    .where(and(eq(memberBonuses.memberId, memberId), eq(memberBonuses.reference, reference)));
  return row;
};

/** The member's latest bonus in `currency`, whatever its status. */
export const findLatestBonus = async (
  executor: Executor,
  memberId: bigint,
  currency: string,
): Promise<BonusRow | undefined> => {
  const [row] = await executor
    .select()
    .from(memberBonuses)
    .where(and(eq(memberBonuses.memberId, memberId), eq(memberBonuses.currency, currency)))
    .orderBy(desc(memberBonuses.id))
    .limit(1);
  return row;
};

export const insertBonus = async (executor: Executor, bonus: NewBonus): Promise<BonusRow> => {
  const [row] = await executor.insert(memberBonuses).values(bonus).returning();
  if (!row) throw new Error('member_bonuses insert returned no row');
  return row;
};

export const addWagering = async (executor: Executor, id: bigint, amount: bigint): Promise<BonusRow> => {
  const [row] = await executor
    .update(memberBonuses)
    .set({ wageringDone: sql`greatest(${memberBonuses.wageringDone} + ${amount}, 0)` })
    .where(eq(memberBonuses.id, id))
    .returning();
  if (!row) throw new Error(`bonus ${id} vanished`);
  return row;
};

export const markBonusEnded = async (
  executor: Executor,
  id: bigint,
  end: { status: string; settledAmount: bigint; settleTransactionId: bigint | null; endedAt: Date },
): Promise<BonusRow> => {
  const [row] = await executor
    .update(memberBonuses)
    .set(end)
    .where(and(eq(memberBonuses.id, id), eq(memberBonuses.status, 'active')))
    .returning();
  if (!row) throw new Error(`bonus ${id} was not active`);
  return row;
};

/** Active bonuses past their expiry, oldest first (the expiry job's batch). */
export const listExpiredBonusIds = async (
  executor: Executor,
  now: Date,
  limit: number,
): Promise<bigint[]> => {
  const rows = await executor
    .select({ id: memberBonuses.id })
    .from(memberBonuses)
    .where(and(eq(memberBonuses.status, 'active'), lte(memberBonuses.expiresAt, now)))
    .orderBy(memberBonuses.expiresAt)
    .limit(limit);
  return rows.map((row) => row.id);
};

export const listMemberBonuses = (executor: Executor, memberId: bigint, limit: number): Promise<BonusRow[]> =>
  executor
    .select()
    .from(memberBonuses)
    .where(eq(memberBonuses.memberId, memberId))
    .orderBy(desc(memberBonuses.id))
    .limit(limit);
