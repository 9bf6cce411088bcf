import type { MilliOdds, Outcome } from '../domain';
import {
  applyRatio,
  assertMilliOdds,
  legFactor,
  multiplyRatios,
  remainderAfterBasisPoints,
  type Ratio,
} from './odds-math';
import { capPayout } from './settle-slip';
import type { SlipKind } from './slip-kinds';

/** A leg as cash-out sees it: settled, open at the current price, or open on a suspended market. */
export type CashOutLeg =
  | { placedOdds: MilliOdds; outcome: Outcome }
  | { placedOdds: MilliOdds; currentOdds: MilliOdds }
  | { placedOdds: MilliOdds; isSuspended: true };

export type CashOutRequest = {
  kind: SlipKind;
  stake: bigint;
  legs: readonly CashOutLeg[];
  /** The book's margin on the fair value, in basis points (500 is 5 %). */
  marginBasisPoints: number;
  maxPayout?: bigint;
};

/**
 * What the book pays now to close a single or an accumulator: stake × Π settled factors × Π placed / current
 * odds of the open legs × (1 − margin), floored, and never above the payout cap. Null when there is nothing to
 * offer: a system bet (its lines would each need a price), a lost leg, a suspended market, or no leg left open
 * (the bet is settled, not cashed out).
 */
export function cashOutValue(request: CashOutRequest): bigint | null {
  const { kind, legs } = request;
  if (kind.type !== 'single' && kind.type !== 'accumulator') return null;
  const hasLostOrSuspendedLeg = legs.some(
    (leg) => 'isSuspended' in leg || ('outcome' in leg && leg.outcome === 'lose'),
  );
  if (hasLostOrSuspendedLeg || !legs.some((leg) => 'currentOdds' in leg)) return null;
  const factors = [...legs.map(cashOutFactor), remainderAfterBasisPoints(request.marginBasisPoints)];
  return capPayout(applyRatio(request.stake, multiplyRatios(factors)), request.maxPayout);
}

/**
 * Cashing out `fractionBasisPoints` of a bet worth `value` now: the player is paid that part of the value and
 * the rest of the stake stays on at the placed odds. Both are floored, as every payout is.
 */
export function partialCashOut(
  value: bigint,
  stake: bigint,
  fractionBasisPoints: number,
): { paidNow: bigint; remainingStake: bigint } {
  if (!Number.isSafeInteger(fractionBasisPoints) || fractionBasisPoints < 1 || fractionBasisPoints > 10_000) {
    throw new RangeError(`A partial cash-out takes 1 to 10000 basis points, not ${fractionBasisPoints}.`);
  }
  const staysOn = remainderAfterBasisPoints(fractionBasisPoints);
  const cashedOut = { numerator: staysOn.denominator - staysOn.numerator, denominator: staysOn.denominator };
  return { paidNow: applyRatio(value, cashedOut), remainingStake: applyRatio(stake, staysOn) };
}

function cashOutFactor(leg: CashOutLeg): Ratio {
  if ('outcome' in leg) return legFactor({ outcome: leg.outcome, odds: leg.placedOdds });
  if ('isSuspended' in leg) throw new RangeError('A suspended leg has no cash-out price.');
  assertMilliOdds(leg.placedOdds);
  assertMilliOdds(leg.currentOdds);
  return { numerator: BigInt(leg.placedOdds), denominator: BigInt(leg.currentOdds) };
}
