import type { Pot } from './side-pots';

/**
 * The house's rake of a poker hand, in bigint minor units, free of storage.
 *
 * - Each pot (main and side) is raked `basisPoints` ÷ 10 000 of its amount, floored to the minor unit.
 * - The cap is per hand, not per pot: a hand never pays more than `cap` in all, however many side pots a
 *   short all-in creates. When the pots' rakes add up to more, the cap is shared in proportion to the pots:
 *   pot i pays ⌊cap × amount_i ÷ Σ amounts⌋, and the few minor units still missing (fewer than the number of
 *   pots) are taken one each from the pots in order, main pot first. Every pot so pays at most its amount.
 * - No flop, no drop: a hand that ends before the flop is dealt is not raked.
 * - Uncalled chips handed back are not in any pot and are never raked (`buildPots` takes them out).
 * Winners share the pot after its rake.
 */

export type RakeRules = {
  /** 500 is 5 %; 0 to 10 000. */
  basisPoints: number;
  /** The most a hand pays, in minor units; 0 rakes nothing. */
  cap: bigint;
};

export type RakedPots = {
  /** The pots after rake, in the same order, for `awardPots`. */
  pots: Pot[];
  /** Rake taken from each pot, in the same order. */
  rakes: bigint[];
  total: bigint;
};

export const assertRakeRules = ({ basisPoints, cap }: RakeRules): void => {
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) {
    throw new RangeError(`a rake is 0 to 10 000 basis points, not ${basisPoints}`);
  }
  if (cap < 0n) throw new RangeError('a rake cap cannot be negative');
};

/** The rake of each pot of a hand, and the pots left for the winners. */
export const rakePots = (pots: readonly Pot[], rules: RakeRules, flopDealt: boolean): RakedPots => {
  assertRakeRules(rules);
  for (const pot of pots) if (pot.amount < 0n) throw new RangeError('a pot cannot be negative');
  const uncapped = pots.map((pot) => (flopDealt ? (pot.amount * BigInt(rules.basisPoints)) / 10_000n : 0n));
  const uncappedTotal = uncapped.reduce((total, rake) => total + rake, 0n);
  let rakes = uncapped;
  if (uncappedTotal > rules.cap) {
    const potsTotal = pots.reduce((total, pot) => total + pot.amount, 0n);
    rakes = pots.map((pot) => (rules.cap * pot.amount) / potsTotal);
    let missing = rules.cap - rakes.reduce((total, rake) => total + rake, 0n);
    rakes = rakes.map((rake, index) => {
      const amount = pots[index]?.amount ?? 0n;
      if (missing > 0n && rake < amount) {
        missing -= 1n;
        return rake + 1n;
      }
      return rake;
    });
  }
  return {
    pots: pots.map((pot, index) => ({ ...pot, amount: pot.amount - (rakes[index] ?? 0n) })),
    rakes,
    total: rakes.reduce((total, rake) => total + rake, 0n),
  };
};
