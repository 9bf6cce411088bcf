import type { Transaction } from '../../../db/database';

/**
 * One member's share of one ledger transaction the loyalty fold read, classified: a deposit, a bet (stake), a
 * refund of a stake (a rollback or a void) or a payout (a win). Amounts are positive minor units of the brand's
 * currency, cash and bonus money together. A vendor's repeated callback never reaches the ledger twice, so each
 * activity is one real movement; a rollback arrives as a `refund` of its own.
 */
export type LoyaltyActivity = {
  transactionId: bigint;
  brandId: bigint;
  memberId: bigint;
  currency: string;
  kind: 'deposit' | 'bet' | 'refund' | 'payout';
  amount: bigint;
  /** RNG, LIVE, SPORTS … for game movements; null for deposits. */
  productLine: string | null;
  /** The game round (vendor and house slot rounds, whose postings reference `round:<id>`), else null. */
  roundId: bigint | null;
  gameId: bigint | null;
  /** The round's stake so far (what a payout is a multiple of), null without a round. */
  roundBet: bigint | null;
  at: Date;
  /** The day of the brand's clock it happened on ('YYYY-MM-DD'). */
  day: string;
  timeZone: string;
};

/** A day a member signed in for the first time (brand's clock), each reported once. */
export type LoginDay = { brandId: bigint; memberId: bigint; day: string; timeZone: string };

/**
 * A member's lifetime figures with the batch added: read before the consumers run and written by the fold after
 * them, with the points earning state the points consumer sets, so each member's row is written once a batch.
 */
export type MemberFigures = {
  memberId: bigint;
  brandId: bigint;
  depositTotal: bigint;
  validBetTotal: bigint;
  /** The points consumer's carried fraction and per-source totals (it alone changes them). */
  pointsRemainder: bigint;
  pointsEarnedBy: Record<string, string>;
  /** Whole points earned and not yet credited (the next points round posts them). */
  pointsPending: bigint;
};

/** What the batch adds to a member's day (brand's clock); `points` is set by the points consumer. */
export type DayFigures = {
  memberId: bigint;
  brandId: bigint;
  day: string;
  deposit: bigint;
  validBet: bigint;
  rounds: number;
  points: bigint;
};

export const dayFiguresKey = (memberId: bigint, day: string): string => `${memberId}:${day}`;

export type LoyaltyBatch = {
  activities: readonly LoyaltyActivity[];
  logins: readonly LoginDay[];
  /**
   * The figures of the batch's members who have any (a row, or a deposit, bet or refund in the batch), with the
   * batch added. Not yet in `loyalty_member_totals` while the consumers run.
   */
  members: ReadonlyMap<bigint, MemberFigures>;
  /** The batch's additions to members' days, by `dayFiguresKey`; not yet in `loyalty_member_days`. */
  days: ReadonlyMap<string, DayFigures>;
  /**
   * Part of a fold asked for (`fold()`: everything committed before the call): what a consumer holds back to do
   * in rounds (the points' credits) is done now, so the caller sees it all.
   */
  isAskedFor: boolean;
};

/**
 * What follows the fold (VIP, missions, points): called inside the fold's transaction, under its lock, once per
 * batch, so whatever it writes counts each activity exactly once. The batch's figures are written after every
 * consumer ran: a consumer reads them from the batch, not from the tables. Answers the members whose loyalty view changed
 * (they are told after the commit) or nothing.
 */
export type LoyaltyConsumer = (tx: Transaction, batch: LoyaltyBatch) => Promise<Iterable<bigint>>;
