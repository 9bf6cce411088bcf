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

export type LoyaltyBatch = { activities: readonly LoyaltyActivity[]; logins: readonly LoginDay[] };

/**
 * What follows the fold (VIP, missions, points): called inside the fold's transaction, under its lock, once per
 * batch, so whatever it writes counts each activity exactly once. Answers the members whose loyalty view changed
 * (they are told after the commit) or nothing.
 */
export type LoyaltyConsumer = (tx: Transaction, batch: LoyaltyBatch) => Promise<Iterable<bigint>>;
