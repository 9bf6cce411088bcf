import { createFairIntegerStream } from '../fairness';
import type { FairnessVerifier } from '../seeds.service';
import { houseSlot } from '../slot-definition';
import { playRound, type SpinOutcome } from '../slot-engine';

/** The kind under which the slot's seeds are kept and its results verified. */
export const slotFairnessGame = 'slot';

/**
 * Recomputes a slot round from its seeds: the stops of the paid spin and of every free spin it set off, and,
 * given `stake` and `jackpotBound` (minor units), the jackpot draw that follows them (hit when the drawn
 * integer in [0, jackpotBound) is below the stake).
 */
export const verifySlotRound: FairnessVerifier = ({ serverSeed, clientSeed, nonce, params }) => {
  const next = createFairIntegerStream({ serverSeed, clientSeed, nonce });
  const round = playRound(houseSlot, next);
  const stakeText = params.stake ?? '';
  const boundText = params.jackpotBound ?? '';
  const stake = /^[1-9][0-9]{0,15}$/.test(stakeText) ? BigInt(stakeText) : null;
  const bound = /^[1-9][0-9]{0,9}$/.test(boundText) ? Number(boundText) : null;
  const lineCount = BigInt(houseSlot.paylines.length);
  const jackpotDraw = bound !== null && bound <= 2 ** 32 ? next(bound) : null;
  const describe = (spin: SpinOutcome) => ({
    stops: spin.stops,
    grid: spin.grid,
    lineWins: spin.lineWins,
    scatterCount: spin.scatterCount,
    freeSpinsAwarded: spin.freeSpinsAwarded,
    units: spin.units,
  });
  return {
    base: describe(round.base),
    freeSpins: round.freeSpins.map(describe),
    /** Everything won in line bets (stake ÷ 20). */
    lineBetUnits: round.units,
    winMinorUnits: stake === null ? null : ((stake / lineCount) * BigInt(round.units)).toString(),
    jackpotDraw,
    jackpotHit: jackpotDraw !== null && stake !== null ? BigInt(jackpotDraw) < stake : null,
  };
};
