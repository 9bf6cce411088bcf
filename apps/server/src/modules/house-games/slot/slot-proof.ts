import { fairnessPagePath } from '@wps/contracts/house-games-rules';
import type { SeedPairRow } from '../seeds.service';
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

const verifyPathOf = (proof: Omit<SlotProof, 'verifyPath' | 'game'>): string =>
  `${fairnessPagePath}?${new URLSearchParams({
    game: slotFairnessGame,
    serverSeedHash: proof.serverSeedHash,
    clientSeed: proof.clientSeed,
    nonce: String(proof.nonce),
    stake: proof.stake,
    jackpotBound: proof.jackpotBound,
  }).toString()}`;

/** The proof of a round drawn from `pair` at `nonce`, staking `stake` against the jackpot bound `oddsStake`. */
export const slotProofOf = (
  pair: Pick<SeedPairRow, 'id' | 'serverSeedHash' | 'clientSeed'>,
  nonce: number,
  amounts: { stake: bigint; oddsStake: bigint },
): SlotProof => {
  const proofBase = {
    seedPairId: pair.id.toString(),
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    nonce,
    stake: amounts.stake.toString(),
    jackpotBound: amounts.oddsStake.toString(),
  };
  return { game: slotFairnessGame, ...proofBase, verifyPath: verifyPathOf(proofBase) };
};
