import type {
  ActiveSeedPair,
  RevealedSeedPair,
  VerifyRequest,
  VerifyResult,
} from '@wps/contracts/house-games';
import type { z } from 'zod';
import type { seedPairLookupSchema } from '@wps/contracts/house-games';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { createClientSeed, createServerSeed, hashServerSeed } from './fairness';
import * as repository from './seeds.repository';
import type { SeedPairRow } from './seeds.repository';

export type SeedOwner = { id: bigint; brandId: bigint };
export type SeedPairLookup = z.infer<typeof seedPairLookupSchema>;

export type { SeedPairRow };

/**
 * Recomputes one game's result from revealed seeds. Each house game registers one under its kind ('slot',
 * 'crash', …) in app.ts; `params` carries what else the result depends on (a bet, a configuration value).
 */
export type FairnessVerifier = (input: {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  params: Readonly<Record<string, string>>;
}) => Record<string, unknown>;

const maxRevealedListed = 100;

const toActive = (row: SeedPairRow): ActiveSeedPair => ({
  id: row.id.toString(),
  game: row.game,
  serverSeedHash: row.serverSeedHash,
  clientSeed: row.clientSeed,
  nextNonce: row.nextNonce,
  createdAt: row.createdAt.toISOString(),
});

const toRevealed = (row: SeedPairRow): RevealedSeedPair => ({
  id: row.id.toString(),
  game: row.game,
  serverSeed: row.serverSeed,
  serverSeedHash: row.serverSeedHash,
  clientSeed: row.clientSeed,
  noncesUsed: row.nextNonce,
  createdAt: row.createdAt.toISOString(),
  revealedAt: (row.revealedAt ?? row.createdAt).toISOString(),
});

/**
 * Provable fairness for a member's results: a seed pair per member and game, whose server seed's SHA-256 is
 * shown before play; each result takes the pair's next nonce under the pair's row lock (so one member's
 * results are numbered without gaps or repeats, even on several instances); rotating reveals the seed and
 * commits to a new one. Verification recomputes a result with the game's registered verifier.
 */
export const createSeedService = ({
  db,
  verifiers,
}: {
  db: Database;
  verifiers: Readonly<Record<string, FairnessVerifier>>;
}) => {
  const newPair = (member: SeedOwner, game: string, clientSeed?: string) => {
    const serverSeed = createServerSeed();
    return {
      brandId: member.brandId,
      memberId: member.id,
      game,
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
      clientSeed: clientSeed ?? createClientSeed(),
    };
  };

  /** The active pair, created on first use (a concurrent creation wins and is used). */
  const ensureActive = async (executor: Executor, member: SeedOwner, game: string, lock: boolean) => {
    const existing = await repository.findActivePair(executor, member.id, game, lock);
    if (existing) return existing;
    await repository.insertActivePair(executor, newPair(member, game));
    const row = await repository.findActivePair(executor, member.id, game, lock);
    if (!row) throw new Error('the active seed pair was neither found nor created');
    return row;
  };

  return {
    active: async (member: SeedOwner, game: string): Promise<ActiveSeedPair> =>
      toActive(await ensureActive(db, member, game, false)),

    /**
     * Inside the caller's transaction: locks the member's active pair (created on first use). The lock is
     * held until the caller commits, so results of one member are numbered in order and a rotation waits for
     * the result that uses the seed.
     */
    lockActive: (executor: Executor, member: SeedOwner, game: string): Promise<SeedPairRow> =>
      ensureActive(executor, member, game, true),

    /** Takes the locked pair's next nonce. */
    takeNonce: async (executor: Executor, pair: SeedPairRow): Promise<number> => {
      await repository.advanceNonce(executor, pair.id);
      return pair.nextNonce;
    },

    /**
     * Inside the caller's transaction: locks the member's active pair (created on first use) and takes its next
     * `count` nonces, in one statement once the pair exists (a batch of results); answers the pair with
     * `nextNonce` the first nonce taken.
     */
    lockActiveTakingNonces: async (
      executor: Executor,
      member: SeedOwner,
      game: string,
      count: number,
    ): Promise<SeedPairRow> => {
      const taken = await repository.advanceActiveNonces(executor, member.id, game, count);
      if (taken) return taken;
      const pair = await ensureActive(executor, member, game, true);
      await repository.advanceNonce(executor, pair.id, count);
      return pair;
    },

    /**
     * `lockActiveTakingNonces` for several members at once (one take each, a group of results): one statement
     * takes the nonces of every active pair, locked in id order; a member without a pair gets one as there.
     * Answers the pairs in the order of `takes`, each with `nextNonce` the first nonce taken.
     */
    lockActivesTakingNonces: async (
      executor: Executor,
      game: string,
      takes: ReadonlyArray<{ member: SeedOwner; count: number }>,
    ): Promise<SeedPairRow[]> => {
      const taken = await repository.advanceActiveNoncesOfMembers(
        executor,
        game,
        takes.map(({ member, count }) => ({ memberId: member.id, count })),
      );
      const byMember = new Map(taken.map((pair) => [pair.memberId, pair]));
      const pairs: SeedPairRow[] = [];
      for (const { member, count } of takes) {
        const known = byMember.get(member.id);
        if (known) {
          pairs.push(known);
          continue;
        }
        const pair = await ensureActive(executor, member, game, true);
        await repository.advanceNonce(executor, pair.id, count);
        pairs.push(pair);
      }
      return pairs;
    },

    rotate: async (
      member: SeedOwner,
      game: string,
      clientSeed?: string,
    ): Promise<{ revealed: RevealedSeedPair | null; active: ActiveSeedPair }> =>
      db.transaction(async (tx) => {
        const current = await repository.findActivePair(tx, member.id, game, true);
        const revealed = current ? await repository.revealPair(tx, current.id) : undefined;
        const next = await repository.insertActivePair(tx, newPair(member, game, clientSeed));
        if (!next) throw new AppError('IDEMPOTENCY_CONFLICT');
        return { revealed: revealed ? toRevealed(revealed) : null, active: toActive(next) };
      }),

    revealed: async (member: SeedOwner, game: string): Promise<RevealedSeedPair[]> =>
      (await repository.listRevealedPairs(db, member.id, game, maxRevealedListed)).map(toRevealed),

    /** Public: the server seed only once revealed. */
    lookup: async (serverSeedHash: string): Promise<SeedPairLookup> => {
      const row = await repository.findPairByHash(db, serverSeedHash);
      if (!row) throw new AppError('NOT_FOUND');
      const isRevealed = row.status === 'revealed';
      return {
        game: row.game,
        serverSeedHash: row.serverSeedHash,
        serverSeed: isRevealed ? row.serverSeed : null,
        clientSeed: row.clientSeed,
        noncesUsed: row.nextNonce,
        revealedAt: row.revealedAt?.toISOString() ?? null,
      };
    },

    games: (): string[] => Object.keys(verifiers).sort(),

    verify: (
      request: Required<Pick<VerifyRequest, 'game' | 'serverSeed' | 'clientSeed'>> & {
        nonce: number;
        params: Record<string, string>;
      },
    ): VerifyResult => {
      const verifier = verifiers[request.game];
      if (!verifier) throw new AppError('NOT_FOUND', { message: `No verifier for ${request.game}.` });
      return {
        game: request.game,
        serverSeedHash: hashServerSeed(request.serverSeed),
        result: verifier({
          serverSeed: request.serverSeed,
          clientSeed: request.clientSeed,
          nonce: request.nonce,
          params: request.params,
        }),
      };
    },
  };
};

export type SeedService = ReturnType<typeof createSeedService>;
