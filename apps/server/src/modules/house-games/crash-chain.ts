import { createHash, createHmac, randomBytes } from 'node:crypto';
import { crashPointFromBits, first52BitsOf } from '@wps/contracts/crash-rules';

/**
 * The crash game's hash chain. Hash 0 is a random 32-byte seed; hash j = SHA-256 of the 32 bytes of hash
 * j−1; hash `length` is the commitment published before the chain's first round. Round k (1 ≤ k ≤ length)
 * uses hash length − k, so anyone holding a revealed round hash checks that its SHA-256 is the previous
 * round's hash (or the commitment) and that nothing was chosen after the commitment.
 */

export const sha256Hex = (hexBytes: string): string =>
  createHash('sha256').update(Buffer.from(hexBytes, 'hex')).digest('hex');

export const createChainSeed = (): string => randomBytes(32).toString('hex');

/** HMAC-SHA256 keyed by the chain's public salt over the round hash's bytes, in hex. */
export const crashDigestOf = (roundHash: string, salt: string): string =>
  createHmac('sha256', Buffer.from(salt, 'utf8')).update(Buffer.from(roundHash, 'hex')).digest('hex');

/** The crash point (hundredths) of a round hash, with the chain's salt and house edge. */
export const crashPointOf = (roundHash: string, salt: string, edgeBasisPoints: number): bigint =>
  crashPointFromBits(first52BitsOf(crashDigestOf(roundHash, salt)), edgeBasisPoints);

/** Whether a revealed round hash is the pre-image of the hash before it (or of the commitment). */
export const linksTo = (roundHash: string, previousHash: string): boolean =>
  /^[0-9a-f]{64}$/.test(roundHash) && sha256Hex(roundHash) === previousHash;

const checkpointEvery = 1_000;
/** Hashing this many links between two yields keeps the event loop free while a long chain is walked. */
const hashesPerSlice = 20_000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export type HashChain = {
  length: number;
  commitment: string;
  /** Hash number `index` (0 = the seed, `length` = the commitment). */
  hashAt: (index: number) => string;
};

/**
 * Walks the chain once from its seed, keeping every thousandth hash, so any hash is at most a thousand
 * SHA-256 away afterwards (a million-round chain keeps 1,000 checkpoints, about 100 KB).
 */
export const buildHashChain = async (seed: string, length: number): Promise<HashChain> => {
  if (!/^[0-9a-f]{64}$/.test(seed)) throw new RangeError('a chain seed is 32 bytes in hex');
  if (!Number.isInteger(length) || length < 1) throw new RangeError('a chain has at least one hash');
  const checkpoints: string[] = [seed];
  let current = seed;
  for (let index = 1; index <= length; index += 1) {
    current = sha256Hex(current);
    if (index % checkpointEvery === 0) checkpoints.push(current);
    if (index % hashesPerSlice === 0) await yieldToEventLoop();
  }
  const commitment = current;
  return {
    length,
    commitment,
    hashAt: (index) => {
      if (!Number.isInteger(index) || index < 0 || index > length) {
        throw new RangeError(`hash ${index} is outside the chain`);
      }
      const checkpoint = Math.floor(index / checkpointEvery);
      let hash = checkpoints[checkpoint];
      if (hash === undefined) throw new Error(`checkpoint ${checkpoint} is missing`);
      for (let step = checkpoint * checkpointEvery; step < index; step += 1) hash = sha256Hex(hash);
      return hash;
    },
  };
};

/** The chain position of round k: hash length − k. */
export const hashIndexOfRound = (length: number, chainIndex: number): number => length - chainIndex;
