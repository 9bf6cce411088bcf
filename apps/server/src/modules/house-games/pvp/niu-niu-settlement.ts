import { type RakeRules, rakePots } from './rake';

/**
 * The showdown of a Niu-Niu hand in one pure step: every player against the banker, bounded by the stacks,
 * then the rake. Chips only move between the stacks at the table; the house creates none and takes only the
 * rake. Amounts are bigint minor units.
 *
 * For each player i (not the banker), with base stake b, the banker's factor B (the winning bid, at least 1),
 * the player's multiplier m_i and the winning hand's multiplier M_i (niu-niu.rules.ts: the better hand wins
 * and is paid by its own multiplier):
 *
 *   due_i = b × B × m_i × M_i,   capped_i = min(due_i, S_i)
 *
 * where S_i is the player's stack at the deal: nobody wins from, or loses to, the banker more than the
 * player brought to the hand (the "effective stack" rule of cash games).
 * 1. Players who lose pay the banker capped_i (never more than their stack).
 * 2. The banker then holds F = S_banker + everything collected. When F covers every winner's capped_i, each is
 *    paid in full. Otherwise F is shared in proportion to what each is owed: ⌊capped_i × F ÷ Σ capped⌋, and
 *    the few minor units left over (fewer than the winners) go one each to the winners in turn order from
 *    the banker's left; the banker ends at 0. No stack ever goes below zero.
 * 3. The rake: every seat that ends the hand ahead (a player or the banker) pays `basisPoints` of its net
 *    win, floored; the hand pays at most `cap` in all, shared in proportion to the wins when it binds (rake.ts,
 *    each winner's net win standing for a pot). Nothing is raked from a loss.
 * Σ stacks after + rake = Σ stacks before (checked; a mismatch throws rather than pay).
 *
 * What the betting record of each seat shows: its stake is the most it could lose once the multipliers are
 * known, exposure_i = min(b × B × m_i × 5, S_i) (5 being the highest hand multiplier) for a player and
 * min(S_banker, Σ exposure_i) for the banker; it took back exposure + net − rake (≥ 0); its valid bet is what
 * actually changed hands, |net| before rake, at most the stake.
 */

export const niuNiuTopHandMultiplier = 5;

export type NiuNiuContender = {
  seat: number;
  stack: bigint;
  /** The player's multiplier (ignored for the banker). */
  multiplier: number;
  /** Higher is better (`NiuNiuHand.score`), never equal for two hands of one deck. */
  score: number;
  /** The hand's own pay multiplier (`NiuNiuHand.multiplier`). */
  handMultiplier: number;
};

export type NiuNiuPairing = {
  seat: number;
  playerWins: boolean;
  /** The winning hand's multiplier. */
  handMultiplier: number;
  due: bigint;
  /** What the bound of the player's stack leaves of it. */
  capped: bigint;
  /** What changed hands between the player and the banker. */
  amount: bigint;
};

export type NiuNiuSeatOutcome = {
  seat: number;
  /** Before the rake; negative for a loss. */
  net: bigint;
  rake: bigint;
  stackAfter: bigint;
  exposure: bigint;
};

export type NiuNiuSettlement = {
  /** In turn order from the banker's left. */
  pairings: NiuNiuPairing[];
  /** Every seat, banker included, in the order given. */
  outcomes: NiuNiuSeatOutcome[];
  rake: bigint;
  /** The banker could not pay every winner in full (they shared what the bank held). */
  isBankShort: boolean;
};

const minimum = (a: bigint, b: bigint): bigint => (a < b ? a : b);
const absolute = (value: bigint): bigint => (value < 0n ? -value : value);

export const settleNiuNiu = ({
  contenders,
  bankerSeat,
  bankerFactor,
  baseStake,
  rake,
}: {
  /** In dealing order, the banker among them. */
  contenders: readonly NiuNiuContender[];
  bankerSeat: number;
  bankerFactor: number;
  baseStake: bigint;
  rake: RakeRules;
}): NiuNiuSettlement => {
  const bankerIndex = contenders.findIndex((contender) => contender.seat === bankerSeat);
  const banker = contenders[bankerIndex];
  if (!banker) throw new RangeError('the banker is not at the table');
  if (contenders.some((contender) => contender.stack < 0n)) throw new RangeError('a stack is negative');
  const players = [...contenders.slice(bankerIndex + 1), ...contenders.slice(0, bankerIndex)].filter(
    (contender) => contender.seat !== bankerSeat,
  );
  const unit = baseStake * BigInt(bankerFactor);

  const pairings: NiuNiuPairing[] = players.map((player) => {
    const playerWins = player.score > banker.score;
    const handMultiplier = playerWins ? player.handMultiplier : banker.handMultiplier;
    const due = unit * BigInt(player.multiplier) * BigInt(handMultiplier);
    return {
      seat: player.seat,
      playerWins,
      handMultiplier,
      due,
      capped: minimum(due, player.stack),
      amount: 0n,
    };
  });
  let bank = banker.stack;
  for (const pairing of pairings) {
    if (pairing.playerWins) continue;
    pairing.amount = pairing.capped;
    bank += pairing.capped;
  }
  const owed = pairings.filter((pairing) => pairing.playerWins);
  const totalOwed = owed.reduce((sum, pairing) => sum + pairing.capped, 0n);
  const isBankShort = totalOwed > bank;
  if (!isBankShort) {
    for (const pairing of owed) pairing.amount = pairing.capped;
  } else {
    for (const pairing of owed) pairing.amount = (pairing.capped * bank) / totalOwed;
    let left = bank - owed.reduce((sum, pairing) => sum + pairing.amount, 0n);
    for (const pairing of owed) {
      if (left === 0n) break;
      if (pairing.amount < pairing.capped) {
        pairing.amount += 1n;
        left -= 1n;
      }
    }
    if (left !== 0n) throw new Error('the bank was not shared out');
  }

  const netOf = new Map<number, bigint>(contenders.map((contender) => [contender.seat, 0n]));
  for (const pairing of pairings) {
    const signed = pairing.playerWins ? pairing.amount : -pairing.amount;
    netOf.set(pairing.seat, signed);
    netOf.set(bankerSeat, (netOf.get(bankerSeat) ?? 0n) - signed);
  }
  const winners = contenders.filter((contender) => (netOf.get(contender.seat) ?? 0n) > 0n);
  const raked = rakePots(
    winners.map((winner) => ({ amount: netOf.get(winner.seat) ?? 0n, eligible: [winner.seat] })),
    rake,
    true,
  );
  const rakeOf = new Map(winners.map((winner, index) => [winner.seat, raked.rakes[index] ?? 0n]));

  const exposureOf = new Map<number, bigint>();
  for (const player of players) {
    const most = unit * BigInt(player.multiplier) * BigInt(niuNiuTopHandMultiplier);
    exposureOf.set(player.seat, minimum(most, player.stack));
  }
  exposureOf.set(
    bankerSeat,
    minimum(
      banker.stack,
      [...exposureOf.values()].reduce((sum, exposure) => sum + exposure, 0n),
    ),
  );

  const outcomes = contenders.map((contender): NiuNiuSeatOutcome => {
    const net = netOf.get(contender.seat) ?? 0n;
    const seatRake = rakeOf.get(contender.seat) ?? 0n;
    return {
      seat: contender.seat,
      net,
      rake: seatRake,
      stackAfter: contender.stack + net - seatRake,
      exposure: exposureOf.get(contender.seat) ?? 0n,
    };
  });
  const before = contenders.reduce((sum, contender) => sum + contender.stack, 0n);
  const after = outcomes.reduce((sum, outcome) => sum + outcome.stackAfter, 0n);
  if (before !== after + raked.total || outcomes.some((outcome) => outcome.stackAfter < 0n)) {
    throw new Error(`a Niu-Niu hand settled ${after} + rake ${raked.total} of ${before}`);
  }
  return { pairings, outcomes, rake: raked.total, isBankShort };
};

/** What a seat's betting record shows: stake, what it took back, and the valid bet. */
export const niuNiuRecordOf = (
  outcome: NiuNiuSeatOutcome,
): { betAmount: bigint; winAmount: bigint; validBet: bigint } => ({
  betAmount: outcome.exposure,
  winAmount: outcome.exposure + outcome.net - outcome.rake,
  validBet: minimum(outcome.exposure, absolute(outcome.net)),
});
