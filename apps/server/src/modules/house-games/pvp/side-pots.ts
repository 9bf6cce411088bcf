/**
 * Pots of a poker hand from what each seat put in, and who takes them; bigint minor units, free of storage.
 *
 * Building the pots (`buildPots`), from each seat's total contribution to the hand and whether it folded:
 * 1. Uncalled chips go back: when one live (not folded) seat put in more than anybody else, the excess over
 *    the second-largest contribution is returned to it and is in no pot (and never raked).
 * 2. The distinct contributions of the live seats, ascending, L1 < L2 < … < Lk, cut the chips into layers:
 *    pot j holds min(c, Lj) − min(c, Lj−1) from every seat (folded ones included) and is won by the live
 *    seats that put in at least Lj. The first pot is the main pot, the others side pots. A folded seat's
 *    chips stay in the pots they reached, but the seat is eligible for none. Chips a folded seat put in above
 *    the largest live contribution (possible only when a live seat was folded for it, say by a timeout) go
 *    to the last pot.
 * Every pot is contested by a strictly smaller set of seats than the one before; Σ pots + returned = Σ
 * contributions.
 *
 * Awarding (`awardPots`): each pot goes to its eligible seats with the best hand (highest score). A pot
 * split k ways gives each winner ⌊pot ÷ k⌋; the odd chips left over (fewer than k minor units) all go to the
 * first of those winners clockwise from the button (seat button + 1, button + 2, …, the button itself last),
 * as in rule 20 of the Poker TDA (the odd chip to the first seat left of the button in a high-only game).
 */

export type Contribution = { seat: number; amount: bigint; folded: boolean };

export type Pot = {
  amount: bigint;
  /** Live seats that may win it, ascending. */
  eligible: number[];
};

export type BuiltPots = {
  /** Main pot first, then the side pots. */
  pots: Pot[];
  /** Uncalled chips handed back (at most one seat). */
  returned: { seat: number; amount: bigint }[];
};

const assertContributions = (contributions: readonly Contribution[]): void => {
  const seats = new Set(contributions.map((contribution) => contribution.seat));
  if (seats.size !== contributions.length) throw new RangeError('a seat contributes once to a hand');
  for (const { seat, amount } of contributions) {
    if (!Number.isInteger(seat) || seat < 0) throw new RangeError(`seat ${seat} is not a seat number`);
    if (amount < 0n) throw new RangeError(`seat ${seat} cannot contribute a negative amount`);
  }
  if (!contributions.some((contribution) => !contribution.folded)) {
    throw new RangeError('a hand ends with at least one seat that has not folded');
  }
};

const minimum = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/** The main pot, the side pots and the uncalled chips of a hand. */
export const buildPots = (contributions: readonly Contribution[]): BuiltPots => {
  assertContributions(contributions);
  const amounts = contributions.map((contribution) => contribution.amount).sort((a, b) => (a < b ? 1 : -1));
  const [largest = 0n, second = 0n] = amounts;
  const returned: BuiltPots['returned'] = [];
  const put = contributions.map((contribution) => {
    if (contribution.folded || contribution.amount !== largest || largest === second) return contribution;
    returned.push({ seat: contribution.seat, amount: largest - second });
    return { ...contribution, amount: second };
  });
  const live = put.filter((contribution) => !contribution.folded);
  const levels = [...new Set(live.map((contribution) => contribution.amount))]
    .filter((level) => level > 0n)
    .sort((a, b) => (a < b ? -1 : 1));
  const pots: Pot[] = [];
  let previous = 0n;
  levels.forEach((level, index) => {
    const last = index === levels.length - 1;
    let amount = 0n;
    for (const contribution of put) {
      const upTo = last ? contribution.amount : minimum(contribution.amount, level);
      if (upTo > previous) amount += upTo - previous;
    }
    const eligible = live
      .filter((contribution) => contribution.amount >= level)
      .map((contribution) => contribution.seat)
      .sort((a, b) => a - b);
    pots.push({ amount, eligible });
    previous = level;
  });
  if (pots.length === 0) {
    // Nobody live put anything in (everyone checked a free hand or folded to an unpaid blind): one pot of
    // whatever the folded seats left, for the live seats.
    const amount = put.reduce((total, contribution) => total + contribution.amount, 0n);
    if (amount > 0n) {
      pots.push({ amount, eligible: live.map((contribution) => contribution.seat).sort((a, b) => a - b) });
    }
  }
  return { pots, returned };
};

/** Seats from the first left of the button round to the button itself. */
export const clockwiseFromButton = (
  seats: readonly number[],
  button: number,
  tableSize: number,
): number[] => {
  if (!Number.isInteger(tableSize) || tableSize < 2) throw new RangeError('a table has at least two seats');
  for (const seat of [...seats, button]) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= tableSize) {
      throw new RangeError(`seat ${seat} is not at a table of ${tableSize}`);
    }
  }
  const distance = (seat: number) => (seat - button - 1 + tableSize) % tableSize;
  return [...seats].sort((a, b) => distance(a) - distance(b));
};

export type PotAward = {
  amount: bigint;
  winners: number[];
  /** What each winner takes, odd chips included. */
  shares: { seat: number; amount: bigint }[];
};

export type AwardedPots = {
  awards: PotAward[];
  /** Per seat, the sum of its shares (seats that won nothing, or a zero share of a tiny pot, are absent). */
  won: Map<number, bigint>;
};

/**
 * Each pot to its best eligible hands: `scores` holds a score for every seat still in the hand (higher is
 * better: `HandValue.score`; with one live seat left, any number), split as the header says.
 */
export const awardPots = (
  pots: readonly Pot[],
  scores: ReadonlyMap<number, number>,
  button: number,
  tableSize: number,
): AwardedPots => {
  const won = new Map<number, bigint>();
  const awards = pots.map((pot): PotAward => {
    if (pot.eligible.length === 0) throw new RangeError('a pot without a seat to win it');
    const scored = pot.eligible.map((seat) => {
      const score = scores.get(seat);
      if (score === undefined) throw new RangeError(`seat ${seat} is in a pot but has no hand`);
      return { seat, score };
    });
    const best = Math.max(...scored.map((entry) => entry.score));
    const winners = clockwiseFromButton(
      scored.filter((entry) => entry.score === best).map((entry) => entry.seat),
      button,
      tableSize,
    );
    const count = BigInt(winners.length);
    const each = pot.amount / count;
    const odd = pot.amount - each * count;
    const shares = winners.map((seat, index) => ({ seat, amount: index === 0 ? each + odd : each }));
    for (const share of shares) {
      if (share.amount > 0n) won.set(share.seat, (won.get(share.seat) ?? 0n) + share.amount);
    }
    return { amount: pot.amount, winners, shares };
  });
  return { awards, won };
};
