import { and, eq, sql } from 'drizzle-orm';
import { numberArray, textArray } from '../../db/array-literals';
import { type Database, type Executor, selectRows } from '../../db/database';
import { turnoverEvents, turnoverRequirements } from './turnover.tables';

export type RequirementSource = 'deposit' | 'bonus' | 'adjustment';
/** How a requirement changes: sources that raise it, and the ones that lower it. */
type EventSource = RequirementSource | 'bet' | 'bet_reversal' | 'transfer_in' | 'transfer_out';
const lowering: ReadonlySet<EventSource> = new Set(['bet', 'transfer_out']);

/** Money moved from one member to another in one currency (a transfer), with the sender's balance before it. */
export type TransferredMoney = {
  brandId: bigint;
  fromMemberId: bigint;
  toMemberId: bigint;
  currency: string;
  amount: bigint;
  /** The sender's main wallet before the transfer (at least `amount`). */
  senderBalanceBefore: bigint;
  /** Unique per transfer: a repeated call with the same reference changes nothing. */
  reference: string;
};

/**
 * The part of the sender's outstanding requirement that goes with `amount` of `balanceBefore`: the same
 * share, rounded up, never more than what is outstanding. What is carried is taken from the sender, so the
 * requirement in the brand stays whole.
 */
export const carriedRequirement = (remaining: bigint, amount: bigint, balanceBefore: bigint): bigint => {
  if (remaining <= 0n || amount <= 0n) return 0n;
  if (balanceBefore <= amount) return remaining;
  const share = (remaining * amount + balanceBefore - 1n) / balanceBefore;
  return share < remaining ? share : remaining;
};

type Change = {
  brandId: bigint;
  memberId: bigint;
  currency: string;
  amount: bigint;
  /** Unique per member and source: a repeated call with the same reference changes nothing. */
  reference: string;
};

/** A valid bet as every product line reports it: the product line weighs it for a bonus's wagering. */
export type ValidBet = Change & { productLine: string };

/**
 * Called inside the bet's transaction after its turnover is recorded, once per bet reference (a repeated
 * report does not call it again): how other domains follow valid bets (a bonus's wagering) without every
 * product line calling them. A bet refunded after it counted is reported again with a negative amount.
 */
export type ValidBetListener = (executor: Executor, bet: ValidBet) => Promise<void>;
/** A listener's form for many bets at once (`recordValidBets`); by default its single form, bet by bet. */
export type ValidBetsListener = (executor: Executor, bets: readonly ValidBet[]) => Promise<void>;

/** Bets split so that each part holds at most one per member and currency, in their order. */
const wavesOf = (bets: readonly ValidBet[]): ValidBet[][] => {
  const waves: ValidBet[][] = [];
  const seen = new Map<string, number>();
  for (const bet of bets) {
    const key = `${bet.memberId}:${bet.currency}`;
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    (waves[index] ??= []).push(bet);
  }
  return waves;
};

/**
 * The wagering requirement. Each change locks the member's row (so concurrent bets and deposits queue per
 * member, not globally) and is recorded once per reference, inside the caller's transaction.
 */
export const createTurnoverService = ({ db }: { db: Database }) => {
  const validBetListeners: { one: ValidBetListener; many: ValidBetsListener }[] = [];
  /** Answers null when the change was recorded before (same member, source and reference). */
  const apply = async (executor: Executor, change: Change, source: EventSource): Promise<bigint | null> => {
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
    if (done) return null;
    const remaining = lowering.has(source)
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
    /** Raises what the member must bet before withdrawing. */
    addRequirement: async (executor: Executor, change: Change & { source: RequirementSource }) => {
      await apply(executor, change, change.source);
    },
    /**
     * `addRequirement` for many members in one statement (a daily rebate paid to thousands at once): one change
     * per member and currency per call; a change whose reference was recorded before changes nothing. Rows
     * are locked in (member, currency) order, like any other batch, so concurrent batches do not deadlock.
     */
    addRequirements: async (
      executor: Executor,
      changes: ReadonlyArray<Change>,
      source: RequirementSource,
    ): Promise<void> => {
      const owners = new Set(changes.map((change) => `${change.memberId}:${change.currency}`));
      if (owners.size !== changes.length) throw new RangeError('One change per member and currency');
      if (changes.some((change) => change.amount <= 0n)) {
        throw new RangeError('A turnover change is a positive amount');
      }
      if (changes.length === 0) return;
      await executor.execute(sql`
        with input as (
          select * from unnest(
            ${numberArray(changes.map((change) => change.memberId))}::bigint[],
            ${textArray(changes.map((change) => change.currency))}::text[],
            ${numberArray(changes.map((change) => change.brandId))}::bigint[],
            ${numberArray(changes.map((change) => change.amount))}::bigint[],
            ${textArray(changes.map((change) => change.reference))}::text[]
          ) as i(member_id, currency, brand_id, amount, reference)
        ),
        fresh as (
          select i.* from input i
          where not exists (
            select 1 from turnover_events e
            where e.member_id = i.member_id and e.source = ${source} and e.reference = i.reference
          )
        ),
        raised as (
          insert into turnover_requirements (member_id, currency, brand_id, remaining)
          select member_id, currency, brand_id, amount from fresh order by member_id, currency
          on conflict (member_id, currency) do update
            set remaining = turnover_requirements.remaining + excluded.remaining, updated_at = now()
          returning member_id, currency, remaining
        )
        insert into turnover_events (brand_id, member_id, currency, source, amount, remaining_after, reference)
        select f.brand_id, f.member_id, f.currency, ${source}, f.amount, r.remaining, f.reference
        from fresh f join raised r on r.member_id = f.member_id and r.currency = f.currency`);
    },
    /** A valid bet lowers the remaining amount, not below zero, and is told to the listeners once. */
    recordValidBet: async (executor: Executor, bet: ValidBet): Promise<void> => {
      if ((await apply(executor, bet, 'bet')) === null) return;
      for (const listener of validBetListeners) await listener.one(executor, bet);
    },
    /**
     * `recordValidBet` for many bets in a few statements (a shared round's thousands of records): each member's
     * row is locked in (member, currency) order first, as `apply` does, then the bets not recorded before lower
     * their requirements and are told to the listeners (their batch form) once.
     */
    recordValidBets: async (executor: Executor, bets: readonly ValidBet[]): Promise<void> => {
      if (bets.some((bet) => bet.amount <= 0n))
        throw new RangeError('A turnover change is a positive amount');
      const recorded: ValidBet[] = [];
      for (const wave of wavesOf(bets)) {
        const members = numberArray(wave.map((bet) => bet.memberId));
        const currencies = textArray(wave.map((bet) => bet.currency));
        await executor.execute(sql`
          insert into turnover_requirements (member_id, currency, brand_id)
          select * from unnest(${members}::bigint[], ${currencies}::text[],
            ${numberArray(wave.map((bet) => bet.brandId))}::bigint[])
          order by 1, 2
          on conflict (member_id, currency) do update set remaining = turnover_requirements.remaining`);
        const fresh = await selectRows<{ member_id: string; reference: string }>(
          executor,
          sql`
          with input as (
            select * from unnest(${members}::bigint[], ${currencies}::text[],
              ${numberArray(wave.map((bet) => bet.brandId))}::bigint[],
              ${numberArray(wave.map((bet) => bet.amount))}::bigint[],
              ${textArray(wave.map((bet) => bet.reference))}::text[]
            ) as i(member_id, currency, brand_id, amount, reference)
            where not exists (
              select 1 from turnover_events e
              where e.member_id = i.member_id and e.source = 'bet' and e.reference = i.reference
            )
          ),
          lowered as (
            update turnover_requirements r
            set remaining = greatest(r.remaining - i.amount, 0), updated_at = now()
            from input i where r.member_id = i.member_id and r.currency = i.currency
            returning r.member_id, r.currency, r.remaining
          )
          insert into turnover_events (brand_id, member_id, currency, source, amount, remaining_after, reference)
          select i.brand_id, i.member_id, i.currency, 'bet', i.amount, l.remaining, i.reference
          from input i join lowered l on l.member_id = i.member_id and l.currency = i.currency
          returning member_id::text, reference`,
        );
        const done = new Set(fresh.map((row) => `${row.member_id}:${row.reference}`));
        recorded.push(...wave.filter((bet) => done.has(`${bet.memberId}:${bet.reference}`)));
      }
      if (recorded.length === 0) return;
      for (const listener of validBetListeners) await listener.many(executor, recorded);
    },
    /**
     * A valid bet refunded after it counted (a rollback of a settled round, a cancelled draw): the requirement
     * grows back by the amount and the listeners hear it as a negative bet, once per reference.
     */
    reverseValidBet: async (executor: Executor, bet: ValidBet): Promise<void> => {
      if ((await apply(executor, bet, 'bet_reversal')) === null) return;
      for (const listener of validBetListeners) await listener.one(executor, { ...bet, amount: -bet.amount });
    },
    /**
     * Registered once at start by the domains that follow valid bets; `many` serves `recordValidBets` (by
     * default `listener` bet by bet).
     */
    onValidBet: (listener: ValidBetListener, many?: ValidBetsListener): void => {
      validBetListeners.push({
        one: listener,
        many:
          many ??
          (async (executor, bets) => {
            for (const bet of bets) await listener(executor, bet);
          }),
      });
    },

    /**
     * Money moved to another member takes its share of the sender's outstanding requirement with it
     * (`carriedRequirement`), so a transfer cannot wash a requirement: the receiver must bet it before
     * withdrawing. Runs in the transfer's transaction, after its posting (balances are locked before turnover
     * rows everywhere); answers the amount carried.
     */
    carryWithTransfer: async (executor: Executor, money: TransferredMoney): Promise<bigint> => {
      const [sender] = await executor
        .select({ remaining: turnoverRequirements.remaining })
        .from(turnoverRequirements)
        .where(
          and(
            eq(turnoverRequirements.memberId, money.fromMemberId),
            eq(turnoverRequirements.currency, money.currency),
          ),
        )
        .for('update');
      const carried = carriedRequirement(sender?.remaining ?? 0n, money.amount, money.senderBalanceBefore);
      if (carried === 0n) return 0n;
      const change = {
        brandId: money.brandId,
        currency: money.currency,
        amount: carried,
        reference: money.reference,
      };
      await apply(executor, { ...change, memberId: money.fromMemberId }, 'transfer_out');
      await apply(executor, { ...change, memberId: money.toMemberId }, 'transfer_in');
      return carried;
    },
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
