import type { Database } from '../../db/database';
import { createBatchScheduler } from '../../lib/batch-scheduler';
import type { LedgerService, PostingRequest } from '../wallet/ledger.service';
import * as repository from './vendor-wallet.repository';

/**
 * Group commit for the common bet (a stake on a round that stays open): bets that arrive while earlier ones are
 * being written are written together in ONE statement (`repository.insertBetBatch`), so the commit (about a
 * third of the database's work for a bet), the round trips, the planning and the clearing account's balance
 * row are paid once per batch. Every bet keeps its own answer:
 *
 * - a batch first takes all its members' advisory locks in ascending order (as wins and rollbacks take theirs,
 *   one member), then the bets' postings lock balance rows in (account, shard) order (as every posting does),
 *   all on one shard of the vendor's clearing account; so batches, wins, rollbacks and transfers never wait in
 *   a circle;
 * - a failure in a batch (not enough money, a uuid seen before, the database) rolls it back whole, and its
 *   bets are then written one by one, each answered as if it had come alone;
 * - a bet is answered only after its batch (or its own statement) committed.
 */

export type BatchedBet = repository.NewBet & { posting: PostingRequest };

export type PlacedBet = Awaited<ReturnType<typeof repository.insertBetWithPosting>>;

type Waiting = BatchedBet & { resolve: (placed: PlacedBet) => void; reject: (error: unknown) => void };

export type BetBatchOptions = {
  db: Database;
  ledger: Pick<LedgerService, 'postWithin' | 'postBatchWithin'>;
  /** Batches written at once (each holds a pooled connection). */
  maxInFlight?: number;
  /** Bets in one batch at most. */
  maxBatch?: number;
};

export const createBetBatch = ({ db, ledger, maxInFlight = 8, maxBatch = 32 }: BetBatchOptions) => {
  let batchCount = 0;

  const writeAlone = async (bet: Waiting): Promise<void> => {
    try {
      bet.resolve(
        await ledger.postWithin(bet.posting, repository.betRoundReference, (ctes) =>
          repository.insertBetWithPosting(db, bet.round, ctes, bet.call),
        ),
      );
    } catch (error) {
      bet.reject(error);
    }
  };

  const writeBatch = async (batch: Waiting[]): Promise<void> => {
    const [only] = batch;
    if (batch.length === 1 && only) return writeAlone(only);
    batchCount += 1;
    const shardKey = `bet-batch:${batchCount}`;
    let placed: PlacedBet[];
    try {
      placed = await ledger.postBatchWithin(
        batch.map((bet) => ({ ...bet.posting, shardKey })),
        repository.betBatchReferences,
        (ctes) => repository.insertBetBatch(db, batch, ctes),
      );
    } catch {
      // Which bet failed and why is for each bet's own statement to say; nothing of the batch was written.
      await Promise.all(batch.map(writeAlone));
      return;
    }
    batch.forEach((bet, index) => {
      const result = placed[index];
      if (result) bet.resolve(result);
      else bet.reject(new Error('a batched bet has no result'));
    });
  };

  /** Bets that arrived in the same turn of the event loop go together; later ones wait for a free slot. */
  const enqueue = createBatchScheduler<Waiting>({ run: writeBatch, maxInFlight, maxBatch });

  return {
    /** Writes the bet (with others, when others are waiting); rejects as its own statement would. */
    place: (bet: BatchedBet): Promise<PlacedBet> =>
      new Promise<PlacedBet>((resolve, reject) => {
        enqueue({ ...bet, resolve, reject });
      }),
  };
};

export type BetBatch = ReturnType<typeof createBetBatch>;
