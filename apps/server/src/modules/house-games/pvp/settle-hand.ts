import { type RakeRules, rakePots } from './rake';
import { awardPots, buildPots, type Contribution, type Pot, type PotAward } from './side-pots';

/**
 * The end of a poker hand in one pure step: uncalled chips back, pots built, raked, awarded. What comes out
 * is exactly what went in: Σ contributions = Σ payouts + rake (checked; a mismatch throws rather than pay).
 */

export type HandSettlement = {
  returned: { seat: number; amount: bigint }[];
  /** Before rake: main pot first. */
  pots: Pot[];
  rakes: bigint[];
  rake: bigint;
  /** Per pot, after rake. */
  awards: PotAward[];
  /** Per seat, what it gets back from the table: shares won plus uncalled chips (absent when nothing). */
  payouts: Map<number, bigint>;
};

export const settleHand = ({
  contributions,
  scores,
  button,
  tableSize,
  rake,
  flopDealt,
}: {
  contributions: readonly Contribution[];
  /** A score per seat still in the hand (`HandValue.score`), higher is better. */
  scores: ReadonlyMap<number, number>;
  button: number;
  tableSize: number;
  rake: RakeRules;
  flopDealt: boolean;
}): HandSettlement => {
  const { pots, returned } = buildPots(contributions);
  const raked = rakePots(pots, rake, flopDealt);
  const { awards, won } = awardPots(raked.pots, scores, button, tableSize);
  const payouts = new Map(won);
  for (const { seat, amount } of returned) payouts.set(seat, (payouts.get(seat) ?? 0n) + amount);
  const paidIn = contributions.reduce((total, contribution) => total + contribution.amount, 0n);
  const paidOut = [...payouts.values()].reduce((total, amount) => total + amount, 0n) + raked.total;
  if (paidIn !== paidOut) throw new Error(`a hand settled ${paidOut} of ${paidIn} put in`);
  return { returned, pots, rakes: raked.rakes, rake: raked.total, awards, payouts };
};
