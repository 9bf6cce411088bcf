import type { SlotRound, SlotSpin } from '@wps/contracts/house-games';
import { formatMinorUnits } from '@wps/contracts/money';
import { houseSlot } from '../slot-definition';
import type { RoundOutcome, SlotDefinition, SpinOutcome } from '../slot-engine';
import type { SlotProof } from './slot-proof';

/** What is stored of a spin: its answer without what changes later (balance, live jackpot, replay flag). */
export type StoredRound = Omit<SlotRound, 'balance' | 'jackpot' | 'isReplay'>;

export const isStoredRound = (value: unknown): value is StoredRound =>
  typeof value === 'object' && value !== null && 'roundId' in value && 'base' in value;

const toSpin = (
  definition: SlotDefinition,
  spin: SpinOutcome,
  amounts: { stake: bigint; exponent: number; multiplier: number },
): SlotSpin => {
  const lineBet = amounts.stake / BigInt(definition.paylines.length);
  const multiplier = BigInt(amounts.multiplier);
  const format = (minor: bigint) => formatMinorUnits(minor, amounts.exponent);
  return {
    stops: spin.stops,
    grid: spin.grid,
    lineWins: spin.lineWins.map((win) => ({
      ...win,
      amount: format(lineBet * BigInt(win.pays) * multiplier),
    })),
    scatterCount: spin.scatterCount,
    scatterWin: format(amounts.stake * BigInt(spin.scatterPays) * multiplier),
    freeSpinsAwarded: spin.freeSpinsAwarded,
    multiplier: amounts.multiplier,
    win: format(lineBet * BigInt(spin.units)),
  };
};

/** The spin as it is stored and answered: every amount formatted, with the seeds that prove it. */
export const toStoredRound = (spin: {
  roundId: bigint;
  requestId: string;
  currency: string;
  exponent: number;
  stake: bigint;
  win: bigint;
  jackpotWin: bigint;
  isJackpotHit: boolean;
  round: RoundOutcome;
  proof: SlotProof;
}): StoredRound => {
  const { stake, win, jackpotWin, exponent, proof } = spin;
  const format = (minor: bigint) => formatMinorUnits(minor, exponent);
  return {
    roundId: spin.roundId.toString(),
    requestId: spin.requestId,
    currency: spin.currency,
    bet: format(stake),
    win: format(win),
    jackpotWin: format(jackpotWin),
    totalWin: format(win + jackpotWin),
    base: toSpin(houseSlot, spin.round.base, { stake, exponent, multiplier: 1 }),
    freeSpins: spin.round.freeSpins.map((free) =>
      toSpin(houseSlot, free, { stake, exponent, multiplier: houseSlot.freeSpinMultiplier }),
    ),
    jackpotHit: spin.isJackpotHit,
    seeds: {
      seedPairId: proof.seedPairId,
      serverSeedHash: proof.serverSeedHash,
      clientSeed: proof.clientSeed,
      nonce: proof.nonce,
    },
    verifyPath: proof.verifyPath,
    createdAt: new Date().toISOString(),
  };
};
