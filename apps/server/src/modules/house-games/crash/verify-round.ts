import { type CrashVerification, formatMultiplier } from '@wps/contracts/crash';
import { AppError } from '../../../http/app-error';
import { crashDigestOf, crashPointOf, linksTo, sha256Hex } from '../crash-chain';
import * as repository from '../crash.repository';
import type { CrashContext } from '../crash.service';
import { isEnded, parseId, phaseOf } from './crash-views';

/** Everything to check an ended round; a round still in play is not found (its hash is secret). */
export const verifyRound = async (
  { db }: Pick<CrashContext, 'db'>,
  roundIdText: string,
): Promise<CrashVerification> => {
  const roundId = parseId(roundIdText);
  const round = roundId === null ? undefined : await repository.findRound(db, roundId);
  if (!round || !isEnded(round)) throw new AppError('NOT_FOUND');
  const chain = await repository.findChain(db, round.chainId);
  if (!chain) throw new AppError('NOT_FOUND');
  const previousHash =
    round.chainIndex === 1
      ? chain.commitment
      : ((await repository.findPreviousHash(db, chain.id, round.chainIndex)) ?? '');
  return {
    roundId: round.id.toString(),
    phase: phaseOf[round.status],
    chain: {
      chainId: chain.id.toString(),
      commitment: chain.commitment,
      salt: chain.salt,
      houseEdgeBasisPoints: chain.houseEdgeBasisPoints,
      length: chain.length,
    },
    chainIndex: round.chainIndex,
    hash: round.hash,
    previousHash,
    crashPoint: formatMultiplier(round.crashPoint),
    digest: crashDigestOf(round.hash, chain.salt),
    linksToPrevious: linksTo(round.hash, previousHash),
    crashPointMatches: crashPointOf(round.hash, chain.salt, chain.houseEdgeBasisPoints) === round.crashPoint,
    formula:
      'digest = HMAC-SHA256(key = salt, message = hash bytes); h = first 52 bits of digest; ' +
      'crash = min(1000000.00, max(1.00, floor((10000 − edgeBasisPoints) · 2^52 / (100 · (2^52 − h))) / 100)); ' +
      'sha256(hash bytes) = previousHash',
  };
};

/**
 * The crash game's verifier for the house games' verification page (registered under `crash`): the server
 * seed is the round's revealed hash, the client seed the chain's public salt; params `houseEdgeBasisPoints`
 * (default 100) and, optionally, `previousHash` (the round before's hash, or the chain's commitment).
 */
export const verifyCrashRound = ({
  serverSeed,
  clientSeed,
  params,
}: {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  params: Readonly<Record<string, string>>;
}): Record<string, unknown> => {
  if (!/^[0-9a-f]{64}$/.test(serverSeed)) {
    throw new AppError('VALIDATION_FAILED', { message: 'A crash round hash is 64 hex digits.' });
  }
  const edge = Number(params.houseEdgeBasisPoints ?? '100');
  if (!Number.isInteger(edge) || edge < 0 || edge >= 10_000) {
    throw new AppError('VALIDATION_FAILED', { message: 'houseEdgeBasisPoints is 0 to 9999.' });
  }
  const previousHash = params.previousHash;
  return {
    digest: crashDigestOf(serverSeed, clientSeed),
    crashPoint: formatMultiplier(crashPointOf(serverSeed, clientSeed, edge)),
    nextHashInChain: sha256Hex(serverSeed),
    ...(previousHash === undefined ? {} : { linksToPrevious: linksTo(serverSeed, previousHash) }),
  };
};
