import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase } from '../../testing/test-database';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.repository';
import type { LedgerService, PostingRequest } from '../wallet/ledger.service';
import { ledgerEntries, ledgerTransactions } from '../wallet/wallet.tables';
import { gameRounds, gameTransactions } from './games.tables';
import { type BatchedBet, createBetBatch, type PlacedBet } from './vendor-wallet.bet-batch';
import { createVendorKit, type VendorKit } from './vendor-wallet.test-helpers';

type BatchLedger = Pick<LedgerService, 'postWithin' | 'postBatchWithin'>;

/** The batch's own rules, with a ledger that records how each bet was written (the SQL is tested below). */
describe('bet batch (group commit)', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  /** One call to the ledger: the bets (by member) it was asked to write together, and on which shard. */
  type Write = { memberIds: bigint[]; shardKeys: Array<string | undefined> };

  const memberOf = (request: PostingRequest): bigint => BigInt(request.idempotencyKey.split(':')[1] ?? '0');
  // The batch hands the ledger's statement to the repository; here the answer stands for its rows.
  const answerFor = (memberId: bigint): PlacedBet =>
    ({ round: { id: memberId }, balance: memberId * 100n }) as unknown as PlacedBet;

  const recordingLedger = (refuse: (memberId: bigint) => boolean = () => false) => {
    const writes: Write[] = [];
    const record = async (requests: readonly PostingRequest[]): Promise<bigint[]> => {
      const memberIds = requests.map(memberOf);
      writes.push({ memberIds, shardKeys: requests.map((request) => request.shardKey) });
      await Promise.resolve();
      const refused = memberIds.find(refuse);
      if (refused !== undefined) throw new Error(`member ${refused} has not enough money`);
      return memberIds;
    };
    const ledger: BatchLedger = {
      postWithin: async <T>(request: PostingRequest): Promise<T> => {
        const [memberId = 0n] = await record([request]);
        return answerFor(memberId) as T;
      },
      postBatchWithin: async <T>(requests: readonly PostingRequest[]): Promise<T> =>
        (await record(requests)).map(answerFor) as T,
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
      description: null,
    },
    call: { transactionUuid: `uuid-${memberId}`, requestHash: 'hash', cashAccountId, bonusAccountId: 0n },
  });

  it('writes bets that arrive together in one statement, on one shard, each answered with its own result', async () => {
    const { writes, ledger } = recordingLedger();
    const batch = createBetBatch({ db: database.db, ledger, maxInFlight: 1 });
    const placed = await Promise.all([
      batch.place(bet(3n, 30n)),
      batch.place(bet(1n, 50n)),
      batch.place(bet(2n, 10n)),
    ]);
    expect(placed.map((result: PlacedBet) => result.balance)).toEqual([300n, 100n, 200n]);
    expect(writes).toHaveLength(1);
    expect(writes[0]?.memberIds).toEqual([3n, 1n, 2n]);
    const shardKeys = new Set(writes[0]?.shardKeys);
    expect(shardKeys.size).toBe(1);
    expect([...shardKeys][0]).toMatch(/^bet-batch:/);
  });

  it('writes a bet that comes alone by itself, on the shard of its own key', async () => {
    const { writes, ledger } = recordingLedger();
    const batch = createBetBatch({ db: database.db, ledger });
    const placed = await batch.place(bet(7n, 70n));
    expect(placed.balance).toBe(700n);
    expect(writes).toEqual([{ memberIds: [7n], shardKeys: [undefined] }]);
  });

  it('writes every bet alone when batches hold one bet (no group commit, as on PGlite)', async () => {
    const { writes, ledger } = recordingLedger();
    const batch = createBetBatch({ db: database.db, ledger, maxBatch: 1 });
    await Promise.all([batch.place(bet(1n, 10n)), batch.place(bet(2n, 20n)), batch.place(bet(3n, 30n))]);
    expect(writes).toEqual(
      [1n, 2n, 3n].map((memberId) => ({ memberIds: [memberId], shardKeys: [undefined] })),
    );
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
    // The batch failed whole; then each bet alone, on its own key's shard.
    expect(writes.map((write) => write.memberIds)).toEqual([[1n, 2n, 3n], [1n], [2n], [3n]]);
    expect(writes.slice(1).every((write) => write.shardKeys[0] === undefined)).toBe(true);
  });

  it('keeps later bets waiting while the batches in flight are written, then writes them together', async () => {
    const { writes, ledger } = recordingLedger();
    const batch = createBetBatch({ db: database.db, ledger, maxInFlight: 1 });
    const first = batch.place(bet(1n, 10n));
    // The first bet's batch is on its way when these three arrive.
    await new Promise((resolve) => setImmediate(resolve));
    const later = [batch.place(bet(2n, 20n)), batch.place(bet(3n, 30n)), batch.place(bet(4n, 40n))];
    await Promise.all([first, ...later]);
    expect(writes.map((write) => write.memberIds)).toEqual([[1n], [2n, 3n, 4n]]);
  });
});

/** The batch statement itself (insertBetBatch with the ledger's batch CTEs), on either database. */
describe('bet batch statement', () => {
  let testApp: TestApp;
  let vendor: VendorKit;

  beforeAll(async () => {
    testApp = await createTestApp();
    vendor = await createVendorKit(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  /** The real ledger, counting how the batch used it. */
  const countingLedger = () => {
    const { ledger } = vendor.kit;
    const calls = { alone: 0, batches: 0 };
    const counted: BatchLedger = {
      postWithin: (...args) => {
        calls.alone += 1;
        return ledger.postWithin(...args);
      },
      postBatchWithin: (...args) => {
        calls.batches += 1;
        return ledger.postBatchWithin(...args);
      },
    };
    return { calls, ledger: counted };
  };

  const betOf = async (member: MemberRow, cents: bigint, roundRef: string): Promise<BatchedBet> => {
    const { ledger } = vendor.kit;
    const cash = await ledger.ensureMemberAccount(member.brandId, member.id, 'USD');
    const clearing = await ledger.ensureSystemAccount(
      member.brandId,
      'provider_clearing',
      'USD',
      vendor.vendorCode,
    );
    const transactionUuid = randomUUID();
    return {
      posting: {
        brandId: member.brandId,
        idempotencyKey: `game:${vendor.vendorCode}:${transactionUuid}`,
        kind: 'bet',
        legs: [
          { accountId: cash.id, amount: -cents },
          { accountId: clearing.id, amount: cents },
        ],
        productLine: 'RNG',
      },
      round: {
        brandId: member.brandId,
        memberId: member.id,
        vendorId: vendor.vendorId,
        gameId: vendor.gameId,
        roundRef,
        productLine: 'RNG',
        currency: 'USD',
        amount: cents,
        isClosed: false,
        description: null,
      },
      call: {
        transactionUuid,
        requestHash: `hash-${transactionUuid}`,
        cashAccountId: cash.id,
        bonusAccountId: 0n,
      },
    };
  };

  const roundOf = async (member: MemberRow, roundRef: string) => {
    const [round] = await testApp.database.db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.memberId, member.id), eq(gameRounds.roundRef, roundRef)));
    return round;
  };

  it('writes bets of several members, rounds old and new, in one statement: rounds, postings, calls', async () => {
    const { db } = testApp.database;
    const alice = await vendor.addPlayer(1_000n);
    const bob = await vendor.addPlayer(500n);
    const { calls, ledger } = countingLedger();
    const batch = createBetBatch({ db, ledger, maxInFlight: 1 });
    // Bob's round is open already: his batched bet adds to it.
    await batch.place(await betOf(bob, 100n, 'bob-round'));
    const bets = [
      await betOf(alice, 100n, 'alice-1'),
      await betOf(bob, 50n, 'bob-round'),
      await betOf(alice, 200n, 'alice-2'),
      await betOf(alice, 300n, 'alice-3'),
    ];
    const placed = await Promise.all(bets.map((entry) => batch.place(entry)));
    expect(calls).toEqual({ alone: 1, batches: 1 });

    // Each bet answers the balance its own entry left, in the order the bets came.
    expect(placed.map((result) => result.balance)).toEqual([900n, 350n, 700n, 400n]);
    expect(await vendor.balance(alice)).toBe(400n);
    expect(await vendor.balance(bob)).toBe(350n);
    expect((await roundOf(bob, 'bob-round'))?.betAmount).toBe(150n);
    expect(placed[1]?.round).toMatchObject({ status: 'open', betAmount: 150n });
    for (const [index, entry] of bets.entries()) {
      const round = await roundOf(entry.round.memberId === alice.id ? alice : bob, entry.round.roundRef);
      expect(round?.status).toBe('open');
      expect(placed[index]?.round.id).toBe(round?.id);
      const [call] = await db
        .select()
        .from(gameTransactions)
        .where(eq(gameTransactions.transactionUuid, entry.call.transactionUuid));
      expect(call).toMatchObject({ kind: 'bet', roundId: round?.id, amount: entry.round.amount });
      const [posting] = await db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, entry.posting.idempotencyKey));
      expect(posting?.id).toBe(call?.ledgerTransactionId);
      expect(posting?.reference).toBe(`round:${round?.id}`);
      const entries = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.transactionId, posting?.id ?? 0n));
      expect(entries.map((row) => row.amount).sort()).toEqual(
        [-entry.round.amount, entry.round.amount].sort(),
      );
      expect(entries.find((row) => row.accountId === entry.call.cashAccountId)?.balanceAfter).toBe(
        placed[index]?.balance,
      );
    }
  });

  it('writes nothing of a batch that fails (not enough money, two bets on one round) and then each bet alone', async () => {
    const { db } = testApp.database;
    const carol = await vendor.addPlayer(100n);
    const dave = await vendor.addPlayer(1_000n);
    const { calls, ledger } = countingLedger();
    const batch = createBetBatch({ db, ledger, maxInFlight: 1 });
    const bets = [
      await betOf(carol, 60n, 'carol-1'),
      await betOf(carol, 60n, 'carol-2'),
      await betOf(dave, 10n, 'dave-round'),
      await betOf(dave, 20n, 'dave-round'),
    ];
    const outcomes = await Promise.allSettled(bets.map((entry) => batch.place(entry)));
    expect(calls).toEqual({ alone: 4, batches: 1 });
    // Written alone, carol's two bets race for her 1.00: whichever comes second finds 0.40 and is refused.
    const carolOutcomes = outcomes.slice(0, 2).map((outcome) => outcome.status);
    expect([...carolOutcomes].sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.slice(2).map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await vendor.balance(carol)).toBe(40n);
    expect(await vendor.balance(dave)).toBe(970n);
    expect((await roundOf(dave, 'dave-round'))?.betAmount).toBe(30n);
    const refusedRound = carolOutcomes[0] === 'rejected' ? 'carol-1' : 'carol-2';
    expect(await roundOf(carol, refusedRound)).toBeUndefined();
    const written = await db
      .select()
      .from(gameTransactions)
      .where(
        inArray(
          gameTransactions.transactionUuid,
          bets.map((entry) => entry.call.transactionUuid),
        ),
      );
    expect(written).toHaveLength(3);
  });
});
