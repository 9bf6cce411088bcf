import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/database';
import { turnoverEvents, turnoverRequirements } from './turnover.tables';

export type RequirementSource = 'deposit' | 'bonus' | 'adjustment';
type Change = {
  brandId: bigint;
  memberId: bigint;
  currency: string;
  amount: bigint;
  /** Unique per member and source: a repeated call with the same reference changes nothing. */
  reference: string;
};

/**
 * The wagering requirement. Each change locks the member's row (so concurrent bets and deposits queue per
 * member, not globally) and is recorded once per reference, inside the caller's transaction.
 */
export const createTurnoverService = ({ db }: { db: Database }) => {
  const apply = async (
    executor: Executor,
    change: Change,
    source: RequirementSource | 'bet',
  ): Promise<bigint> => {
    if (change.amount <= 0n) throw new RangeError('A turnover change is a positive amount');
    const [locked] = await executor
      .insert(turnoverRequirements)
      .values({ memberId: change.memberId, currency: change.currency, brandId: change.brandId })
      .onConflictDoUpdate({
        target: [turnoverRequirements.memberId, turnoverRequirements.currency],
        set: { remaining: sql`${turnoverRequirements.remaining}` },
      })
      .returning({ remaining: turnoverRequirements.remaining });
    if (!locked) throw new Error('turnover_requirements upsert returned no row');
    const [done] = await executor
      .select({ id: turnoverEvents.id })
      .from(turnoverEvents)
      .where(
        and(
          eq(turnoverEvents.memberId, change.memberId),
          eq(turnoverEvents.source, source),
          eq(turnoverEvents.reference, change.reference),
        ),
      );
    if (done) return locked.remaining;
    const remaining =
      source === 'bet'
        ? locked.remaining > change.amount
          ? locked.remaining - change.amount
          : 0n
        : locked.remaining + change.amount;
    await executor
      .update(turnoverRequirements)
      .set({ remaining, updatedAt: new Date() })
      .where(
        and(
          eq(turnoverRequirements.memberId, change.memberId),
          eq(turnoverRequirements.currency, change.currency),
        ),
      );
    await executor.insert(turnoverEvents).values({ ...change, source, remainingAfter: remaining });
    return remaining;
  };

  return {
    /** Raises what the member must bet before withdrawing; answers the new remaining amount. */
    addRequirement: (executor: Executor, change: Change & { source: RequirementSource }) =>
      apply(executor, change, change.source),
    /** A valid bet lowers the remaining amount, not below zero. */
    recordValidBet: (executor: Executor, change: Change) => apply(executor, change, 'bet'),
    remaining: async (memberId: bigint, currency: string, executor: Executor = db): Promise<bigint> => {
      const [row] = await executor
        .select({ remaining: turnoverRequirements.remaining })
        .from(turnoverRequirements)
        .where(and(eq(turnoverRequirements.memberId, memberId), eq(turnoverRequirements.currency, currency)));
      return row?.remaining ?? 0n;
    },
  };
};

export type TurnoverService = ReturnType<typeof createTurnoverService>;
