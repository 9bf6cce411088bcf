import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase } from '../../testing/test-database';
import type { LedgerService, PostingRequest } from '../wallet/ledger.service';
import { type BatchedBet, createBetBatch, type PlacedBet } from './vendor-wallet.bet-batch';

/** The batch's own rules, with a ledger that records how each bet was written (the SQL is the suites' part). */
describe('bet batch (group commit)', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  type Write = { request: PostingRequest; memberId: bigint };

  const recordingLedger = (refuse: (memberId: bigint) => boolean = () => false) => {
    const writes: Write[] = [];
    const ledger: Pick<LedgerService, 'postWithin'> = {
      postWithin: async <T>(request: PostingRequest): Promise<T> => {
        const memberId = BigInt(request.idempotencyKey.split(':')[1] ?? '0');
        writes.push({ request, memberId });
        await Promise.resolve();
        if (refuse(memberId)) throw new Error(`member ${memberId} has not enough money`);
        // The batch hands the ledger's statement to the repository; here the answer stands for its rows.
        return { round: { id: memberId }, balance: memberId * 100n } as unknown as T;
      },
    };
    return { writes, ledger };
  };

  const bet = (memberId: bigint, cashAccountId: bigint): BatchedBet => ({
    posting: {
      brandId: 1n,
      idempotencyKey: `game:${memberId}:uuid`,
      kind: 'bet',
      legs: [
        { accountId: cashAccountId, amount: -100n },
        { accountId: 1n, amount: 100n },
      ],
    },
    round: {
      brandId: 1n,
      memberId,
      vendorId: 1n,
      gameId: 1n,
      roundRef: `round-${memberId}`,
      productLine: 'RNG',
      currency: 'USD',
      amount: 100n,
      isClosed: false,
    },
    call: { transactionUuid: `uuid-${memberId}`, requestHash: 'hash', cashAccountId },
  });

  it('writes bets that arrive together in one transaction, on one shard, in cash account order', async () => {
    const { writes, ledger } = recordingLedger();
    const batch = createBetBatch({ db: database.db, ledger, maxInFlight: 1 });
    const placed = await Promise.all([
      batch.place(bet(3n, 30n)),
      batch.place(bet(1n, 50n)),
      batch.place(bet(2n, 10n)),
    ]);
    // Each bet is answered with its own result.
    expect(placed.map((result: PlacedBet) => result.balance)).toEqual([300n, 100n, 200n]);
    expect(writes.map((write) => write.memberId)).toEqual([2n, 3n, 1n]);
    const shardKeys = new Set(writes.map((write) => write.request.shardKey));
    expect(shardKeys.size).toBe(1);
    expect([...shardKeys][0]).toMatch(/^bet-batch:/);
  });

  it('writes a bet that comes alone by itself, on the shard of its own key', async () => {
    const { writes, ledger } = recordingLedger();
    const batch = createBetBatch({ db: database.db, ledger });
    const placed = await batch.place(bet(7n, 70n));
    expect(placed.balance).toBe(700n);
    expect(writes).toHaveLength(1);
    expect(writes[0]?.request.shardKey).toBeUndefined();
  });

  it('writes every bet alone when batches hold one bet (no group commit, as on PGlite)', async () => {
    const { writes, ledger } = recordingLedger();
    const batch = createBetBatch({ db: database.db, ledger, maxBatch: 1 });
    await Promise.all([batch.place(bet(1n, 10n)), batch.place(bet(2n, 20n)), batch.place(bet(3n, 30n))]);
    expect(writes.map((write) => write.memberId)).toEqual([1n, 2n, 3n]);
    expect(writes.every((write) => write.request.shardKey === undefined)).toBe(true);
  });

  it('writes a failed batch again bet by bet, so only the refused bet fails', async () => {
    const { writes, ledger } = recordingLedger((memberId) => memberId === 2n);
    const batch = createBetBatch({ db: database.db, ledger, maxInFlight: 1 });
    const outcomes = await Promise.allSettled([
      batch.place(bet(1n, 10n)),
      batch.place(bet(2n, 20n)),
      batch.place(bet(3n, 30n)),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const [refused] = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused?.reason).toEqual(new Error('member 2 has not enough money'));
    // The batch stopped at member 2; then each bet alone, on its own key's shard.
    const alone = writes.slice(2);
    expect(alone.map((write) => write.memberId)).toEqual([1n, 2n, 3n]);
    expect(alone.every((write) => write.request.shardKey === undefined)).toBe(true);
  });

  it('keeps later bets waiting while the batches in flight are written, then writes them together', async () => {
    const { writes, ledger } = recordingLedger();
    const batch = createBetBatch({ db: database.db, ledger, maxInFlight: 1 });
    const first = batch.place(bet(1n, 10n));
    // The first bet's batch is on its way when these three arrive.
    await new Promise((resolve) => setImmediate(resolve));
    const later = [batch.place(bet(2n, 20n)), batch.place(bet(3n, 30n)), batch.place(bet(4n, 40n))];
    await Promise.all([first, ...later]);
    expect(writes[0]?.request.shardKey).toBeUndefined();
    const laterKeys = new Set(writes.slice(1).map((write) => write.request.shardKey));
    expect(laterKeys.size).toBe(1);
    expect([...laterKeys][0]).toMatch(/^bet-batch:/);
  });
});
