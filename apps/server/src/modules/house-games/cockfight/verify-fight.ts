import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { drawFairIntegers, type FairSeeds, hashServerSeed } from '../fairness';
import * as repository from './cockfight.repository';

/** The arena's kind on the house games' verification page (`/fairness`). */
export const cockfightFairnessGame = 'cockfight';

/** Of 1,000 equally likely rolls, a simulated fight is a draw on 20 (2 %); the rest split evenly. */
const drawRolls = 20;
const rolls = 1_000;

const formula =
  'roll = the first integer in [0, 1000) of HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${block}`) read ' +
  'as 32-bit words, rejection-sampled; roll < 20 → draw, roll < 510 → meron, otherwise wala';

/** The simulated fight's result, from its seeds alone. */
export const outcomeOfSeeds = (seeds: FairSeeds): { roll: number; outcome: 'meron' | 'wala' | 'draw' } => {
  const [roll = 0] = drawFairIntegers(seeds, [rolls]);
  if (roll < drawRolls) return { roll, outcome: 'draw' };
  return { roll, outcome: roll < drawRolls + (rolls - drawRolls) / 2 ? 'meron' : 'wala' };
};

/** A simulated fight's result (an operator's fight has no seed: its result is the real fight's). */
export const drawFightOutcome = (fight: {
  id: bigint;
  serverSeed: string | null;
  clientSeed: string | null;
  nonce: number | null;
}): 'meron' | 'wala' | 'draw' => {
  if (fight.serverSeed === null || fight.clientSeed === null || fight.nonce === null) {
    throw new Error(`fight ${fight.id} has no seed to draw its result from`);
  }
  return outcomeOfSeeds({ serverSeed: fight.serverSeed, clientSeed: fight.clientSeed, nonce: fight.nonce })
    .outcome;
};

/** The verifier registered under `cockfight` for the verification page: no params. */
export const verifyFightResult = ({
  serverSeed,
  clientSeed,
  nonce,
}: {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}): Record<string, unknown> => {
  const { roll, outcome } = outcomeOfSeeds({ serverSeed, clientSeed, nonce });
  return { result: outcome, roll, serverSeedHash: hashServerSeed(serverSeed) };
};

const parseId = (text: string): bigint | null => (/^[1-9]\d{0,18}$/.test(text) ? BigInt(text) : null);

/**
 * Everything to check a simulated fight once it is over (its seed is secret until then): NOT_FOUND for an
 * operator's fight, which has no seed, and for a fight still under way.
 */
export const verifyFight = async (executor: Executor, fightIdText: string) => {
  const fightId = parseId(fightIdText);
  const fight = fightId === null ? undefined : await repository.findFight(executor, fightId);
  const isOver = fight?.status === 'settled' || fight?.status === 'cancelled';
  if (
    !fight ||
    !isOver ||
    fight.result === null ||
    fight.serverSeed === null ||
    fight.serverSeedHash === null ||
    fight.clientSeed === null ||
    fight.nonce === null
  ) {
    throw new AppError('NOT_FOUND');
  }
  const drawn = drawFightOutcome(fight);
  return {
    fightId: fight.id.toString(),
    number: fight.number,
    serverSeed: fight.serverSeed,
    serverSeedHash: fight.serverSeedHash,
    clientSeed: fight.clientSeed,
    nonce: fight.nonce,
    result: fight.result,
    drawn,
    commitmentMatches: hashServerSeed(fight.serverSeed) === fight.serverSeedHash,
    // A simulated fight the operator cancelled has no drawn result to match.
    resultMatches: fight.result === drawn,
    formula,
  };
};
