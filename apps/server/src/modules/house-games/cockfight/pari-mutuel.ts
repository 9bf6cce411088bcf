import { assertStake, type Settled } from '../tables/payout';

/**
 * The cockfight arena's pari-mutuel rules, free of money storage and of the database. Bets on meron and on
 * wala form two pools; when one side wins, its bettors share both pools less the house's commission:
 *
 *   net pool          = floor((meron + wala) × (10000 − commission bp) / 10000)
 *   a winning bet     → floor(stake × net pool / winning side's pool)
 *   payout per unit   = net pool / side pool, shown live in hundredths (floored) as the pools move
 *
 * Every figure is floored to the minor unit, so the winners together receive at most the net pool, which is
 * at most the pools less the exact commission; what flooring leaves (under one minor unit per winning bet)
 * stays with the house. The payout is what the pools make it: with a lopsided book the favourite's payout
 * per unit can fall below 1 (the page shows it live; limits per fight and per player keep it sane).
 *
 * - Draw: draw bets are a fixed-odds bet against the house, paid `drawMultiplier` times the stake, stake
 *   included (8×: 100 returns 800), from the house's money, not from the pools; meron and wala bets are
 *   returned in full.
 * - Cancelled: every bet is returned in full.
 * - Uncontested (no bet on one of the sides when betting closed): there is nobody to pay or nobody to pay
 *   from, so meron and wala bets are returned in full whatever the result; draw bets still win on a draw and
 *   lose on meron or wala. The arena may instead cancel such a fight, which returns the draw bets too.
 */

export type FightSide = 'meron' | 'wala';
export type FightBetKind = FightSide | 'draw';
export type FightResult = FightSide | 'draw' | 'cancelled';
export type FightBet = { kind: FightBetKind; stake: bigint };

/** The sums of all meron and all wala stakes of a fight (draw bets are not pooled). */
export type Pools = { meron: bigint; wala: bigint };

export type PariMutuelRules = {
  /** The house's share of both pools when meron or wala wins, in basis points (500 = 5 %), 0 to 9,999. */
  commissionBasisPoints: number;
  /** What a draw bet returns per unit staked, stake included (8n: 100 returns 800). */
  drawMultiplier: bigint;
};

const assertRules = ({ commissionBasisPoints, drawMultiplier }: PariMutuelRules): void => {
  if (
    !Number.isInteger(commissionBasisPoints) ||
    commissionBasisPoints < 0 ||
    commissionBasisPoints >= 10_000
  ) {
    throw new RangeError('the commission is 0 to 9,999 basis points');
  }
  if (drawMultiplier < 1n) throw new RangeError('a draw returns at least the stake');
};

export const poolsOf = (bets: readonly FightBet[]): Pools => {
  const pools = { meron: 0n, wala: 0n };
  for (const bet of bets) {
    assertStake(bet.stake);
    if (bet.kind !== 'draw') pools[bet.kind] += bet.stake;
  }
  return pools;
};

/** Both sides hold bets, so a meron or wala result is paid from the pools. */
export const isContested = (pools: Pools): boolean => pools.meron > 0n && pools.wala > 0n;

/** Both pools less the commission, floored: the most the winning side can receive together. */
export const netPool = (pools: Pools, rules: PariMutuelRules): bigint => {
  assertRules(rules);
  return ((pools.meron + pools.wala) * (10_000n - BigInt(rules.commissionBasisPoints))) / 10_000n;
};

/**
 * What each side would return per unit staked if it won with the pools as they stand, in hundredths,
 * floored (185n is 1.85×, stake included); null for both while the fight is uncontested (bets returned).
 * A bet's return is computed from the exact ratio, so it is never below stake × this figure / 100.
 */
export const livePayouts = (
  pools: Pools,
  rules: PariMutuelRules,
): { meron: bigint | null; wala: bigint | null } => {
  if (!isContested(pools)) return { meron: null, wala: null };
  const net = netPool(pools, rules);
  return { meron: (net * 100n) / pools.meron, wala: (net * 100n) / pools.wala };
};

/** What one bet returns on the result, given the fight's final pools (`poolsOf` all its bets). */
export const fightReturn = (
  bet: FightBet,
  result: FightResult,
  pools: Pools,
  rules: PariMutuelRules,
): bigint => {
  assertStake(bet.stake);
  assertRules(rules);
  if (bet.kind !== 'draw' && bet.stake > pools[bet.kind]) {
    throw new RangeError(
      `a ${bet.kind} stake larger than the ${bet.kind} pool: the pools are not this fight's`,
    );
  }
  if (result === 'cancelled') return bet.stake;
  if (bet.kind === 'draw') return result === 'draw' ? bet.stake * rules.drawMultiplier : 0n;
  if (result === 'draw' || !isContested(pools)) return bet.stake;
  return bet.kind === result ? (bet.stake * netPool(pools, rules)) / pools[result] : 0n;
};

/** Every bet of a fight with its return, in the order given; the pools are those of these bets. */
export const settleFight = <B extends FightBet>(
  bets: readonly B[],
  result: FightResult,
  rules: PariMutuelRules,
): Settled<B>[] => {
  const pools = poolsOf(bets);
  return bets.map((bet) => ({ ...bet, returned: fightReturn(bet, result, pools, rules) }));
};
