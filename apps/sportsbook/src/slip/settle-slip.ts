import type { Outcome } from '../domain';
import { lineReturn } from './odds-math';
import { linesOf, totalStake, type Slip } from './slip-kinds';

/** A leg's outcome, or 'pending' while its market is still open. */
export type LegState = Outcome | 'pending';

/**
 * - won: the slip returns more than its stake.
 * - lost: it returns nothing.
 * - void: every leg was void or pushed, so exactly the stake comes back.
 * - partly_lost: something comes back, but no more than the stake (a half-lost leg, a system's lost lines).
 */
export type SlipStatus = 'won' | 'lost' | 'void' | 'partly_lost';

export type SlipSettlement =
  | { status: 'pending' }
  | {
      status: SlipStatus;
      /** What the player is paid, stake included, after the cap. */
      totalReturn: bigint;
      /** Each line's return in the order of `expandLines`, before the cap. */
      lineReturns: bigint[];
      isCapped: boolean;
    };

/**
 * Settles the slip once every line is decided: a line with a lost leg is lost even while its other legs are
 * pending. A void or pushed leg counts as odds 1, so an accumulator is recalculated without it. `maxPayout`
 * caps the slip's whole return.
 */
export function settleSlip(slip: Slip, legStates: readonly LegState[], maxPayout?: bigint): SlipSettlement {
  if (legStates.length !== slip.legs.length) {
    throw new RangeError(
      `The slip has ${slip.legs.length} legs but ${legStates.length} outcomes were given.`,
    );
  }
  const legs = slip.legs.map((leg, index) => ({ odds: leg.odds, state: legStates[index] ?? 'pending' }));
  const lines = linesOf(slip.kind, legs);
  if (!lines.every(isLineDecided)) return { status: 'pending' };
  const lineReturns = lines.map((line) => returnOfDecidedLine(slip.stakePerLine, line));
  const uncappedReturn = lineReturns.reduce((sum, amount) => sum + amount, 0n);
  const totalReturn = capPayout(uncappedReturn, maxPayout);
  const status = statusOf(totalReturn, totalStake(slip), legStates);
  return { status, totalReturn, lineReturns, isCapped: totalReturn < uncappedReturn };
}

/** What the slip returns if every leg wins, capped: the bet slip's "potential return". */
export function potentialReturn(slip: Slip, maxPayout?: bigint): bigint {
  const lines = linesOf(
    slip.kind,
    slip.legs.map((leg) => ({ odds: leg.odds, outcome: 'win' as const })),
  );
  return capPayout(
    lines.reduce((sum, line) => sum + lineReturn(slip.stakePerLine, line), 0n),
    maxPayout,
  );
}

/** The amount, or `maxPayout` where it is higher. */
export const capPayout = (amount: bigint, maxPayout: bigint | undefined): bigint =>
  maxPayout !== undefined && amount > maxPayout ? maxPayout : amount;

type LineLeg = { odds: number; state: LegState };

const isLineDecided = (line: readonly LineLeg[]): boolean =>
  line.some((leg) => leg.state === 'lose') || line.every((leg) => leg.state !== 'pending');

function returnOfDecidedLine(stakePerLine: bigint, line: readonly LineLeg[]): bigint {
  // A decided line with a pending leg has a lost one.
  const settledLegs = line.flatMap(({ odds, state }) =>
    state === 'pending' ? [] : [{ odds, outcome: state }],
  );
  return settledLegs.length < line.length ? 0n : lineReturn(stakePerLine, settledLegs);
}

function statusOf(totalReturn: bigint, stake: bigint, legStates: readonly LegState[]): SlipStatus {
  if (legStates.every((state) => state === 'void' || state === 'push')) return 'void';
  if (totalReturn === 0n) return 'lost';
  return totalReturn > stake ? 'won' : 'partly_lost';
}
