import { fairnessPagePath } from '@wps/contracts/house-games-rules';
import type { SeedPairRow } from '../seeds.service';
import type { RoundOutcome } from '../slot-engine';
import { slotFairnessGame } from './verify-slot-round';

/** The round's proof as the betting record shows it, and what the fairness page needs to recompute it. */
export type SlotProof = {
  game: typeof slotFairnessGame;
  seedPairId: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  stake: string;
  jackpotBound: string;
  verifyPath: string;
};

/** What the round drew, as the verifier answers it: the page sets it beside its recomputation. */
type RecordedSpin = { round: RoundOutcome; isJackpotHit: boolean };

const verifyPathOf = (proof: Omit<SlotProof, 'verifyPath' | 'game'>, drawn: RecordedSpin): string =>
  `${fairnessPagePath}?${new URLSearchParams({
    game: slotFairnessGame,
    serverSeedHash: proof.serverSeedHash,
    clientSeed: proof.clientSeed,
    nonce: String(proof.nonce),
    stake: proof.stake,
    jackpotBound: proof.jackpotBound,
    recorded: JSON.stringify({
      base: { stops: drawn.round.base.stops },
      freeSpins: drawn.round.freeSpins.map((spin) => ({ stops: spin.stops })),
      jackpotHit: drawn.isJackpotHit,
    }),
  }).toString()}`;

/**
 * The proof of a round drawn from `pair` at `nonce`, staking `stake` against the jackpot bound `oddsStake`;
 * its verification link also carries what was `drawn`.
 */
export const slotProofOf = (
  pair: Pick<SeedPairRow, 'id' | 'serverSeedHash' | 'clientSeed'>,
  nonce: number,
  amounts: { stake: bigint; oddsStake: bigint },
  drawn: RecordedSpin,
): SlotProof => {
  const proofBase = {
    seedPairId: pair.id.toString(),
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    nonce,
    stake: amounts.stake.toString(),
    jackpotBound: amounts.oddsStake.toString(),
  };
  return { game: slotFairnessGame, ...proofBase, verifyPath: verifyPathOf(proofBase, drawn) };
};
