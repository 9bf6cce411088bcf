/**
 * Money rules shared by the house tables and the cockfight arena. Amounts are bigint minor units of the
 * bet's currency. A bet's *return* is what the house hands back when it settles: 0 for a loss, the stake for
 * a push, the stake plus the win for a win. Every fractional figure is floored to the minor unit, so the
 * house never pays more than the exact figure.
 */

/** A win of `win` for every `per` staked: 8:1 is { win: 8n, per: 1n }, 0.95:1 is { win: 95n, per: 100n }. */
export type Odds = { readonly win: bigint; readonly per: bigint };

/** A bet as given to a settle function, with its return. */
export type Settled<B> = B & { returned: bigint };

/** Refuses a stake that is not a positive number of minor units. */
export const assertStake = (stake: bigint): void => {
  if (stake <= 0n) throw new RangeError(`a stake is a positive number of minor units, not ${String(stake)}`);
};

/** The stake plus its win at `odds`, the win floored to the minor unit. */
export const winningReturn = (stake: bigint, odds: Odds): bigint => stake + (stake * odds.win) / odds.per;

/** Each bet with its return. */
export const settleEach = <B>(bets: readonly B[], returnOf: (bet: B) => bigint): Settled<B>[] =>
  bets.map((bet) => ({ ...bet, returned: returnOf(bet) }));
