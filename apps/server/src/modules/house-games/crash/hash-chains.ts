import { buildHashChain, createChainSeed, type HashChain } from '../crash-chain';
import * as repository from '../crash.repository';
import type { ChainRow } from '../crash.repository';
import type { CrashContext } from '../crash.service';
import { crashSalt } from './crash-game';

/** A stored chain's hashes, built from its seed once per instance. */
export const chainOf = ({ chains }: Pick<CrashContext, 'chains'>, chain: ChainRow): Promise<HashChain> => {
  let built = chains.get(chain.id);
  if (!built) {
    built = buildHashChain(chain.seed, chain.length);
    chains.set(chain.id, built);
  }
  return built;
};

/** Commits a new chain: its last hash is published before any round uses it. */
export const createChain = async (
  { db, settings, chains }: Pick<CrashContext, 'db' | 'settings' | 'chains'>,
  seed = createChainSeed(),
): Promise<ChainRow> => {
  const chain = await buildHashChain(seed, settings.chainLength);
  const row = await repository.insertChain(db, {
    seed,
    length: chain.length,
    commitment: chain.commitment,
    salt: crashSalt,
    houseEdgeBasisPoints: settings.houseEdgeBasisPoints,
  });
  chains.set(row.id, Promise.resolve(chain));
  return row;
};
