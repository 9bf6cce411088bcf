import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/database';
import { LedgerError } from './wallet.errors';
import { ledgerEntries, ledgerTransactions } from './wallet.tables';
import {
  findInvariantViolations,
  type LedgerFixture,
  newKey,
  openLedgerFixture,
} from './wallet.test-helpers';

type Outcome = { ok: true; isReplay: boolean; transactionId: bigint } | { ok: false; reason: string };

/** Settles a racing call into what happened to it; anything but a ledger refusal fails the test. */
const outcomeOf = async (work: Promise<{ isReplay: boolean; transactionId: bigint }>): Promise<Outcome> => {
  try {
    const result = await work;
    return { ok: true, isReplay: result.isReplay, transactionId: result.transactionId };
  } catch (error) {
    if (error instanceof LedgerError) return { ok: false, reason: error.reason };
    throw error;
  }
};

const tally = (outcomes: Outcome[]) => ({
  committed: outcomes.filter((outcome) => outcome.ok && !outcome.isReplay).length,
  replayed: outcomes.filter((outcome) => outcome.ok && outcome.isReplay).length,
  refused: outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.reason])),
});

const hasPostgres = Boolean(process.env.DATABASE_URL);

// PGlite runs one statement at a time, so nothing can race on it: these need a real server (DATABASE_URL).
describe.runIf(hasPostgres)('ledger races on PostgreSQL (skipped unless DATABASE_URL is set)', () => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await openLedgerFixture();
  });
  afterAll(async () => {
    expect(await findInvariantViolations(fixture.database)).toEqual([]);
    await fixture.close();
  });

  const fund = (accountId: bigint, amount: bigint) =>
    fixture.ledger.post({
      brandId: fixture.brandId,
      idempotencyKey: newKey(),
      kind: 'deposit',
      legs: [
        { accountId: fixture.paymentClearing, amount: -amount },
        { accountId, amount },
      ],
    });

  const bet = (accountId: bigint, amount: bigint, idempotencyKey = newKey()) =>
    fixture.ledger.post({
      brandId: fixture.brandId,
      idempotencyKey,
      kind: 'bet',
      legs: [
        { accountId, amount: -amount },
        { accountId: fixture.house, amount },
      ],
    });

  it('never overdraws: 32 concurrent debits on each of four low balances', async () => {
    const balances = [1_000n, 1_050n, 99n, 3_200n];
    const members = await Promise.all(balances.map(() => fixture.createMemberCash()));
    await Promise.all(members.map((member, index) => fund(member, balances[index] ?? 0n)));
    const houseBefore = await fixture.ledger.getBalance(fixture.house);

    const outcomes = await Promise.all(
      members.flatMap((member) => Array.from({ length: 32 }, () => outcomeOf(bet(member, 100n)))),
    );

    const perMember = members.map((_, index) => tally(outcomes.slice(index * 32, index * 32 + 32)));
    expect(perMember.map((result) => result.committed)).toEqual([10, 10, 0, 32]);
    for (const result of perMember) {
      expect(result.refused.every((reason) => reason === 'insufficient_funds')).toBe(true);
    }
    expect(await Promise.all(members.map((member) => fixture.ledger.getBalance(member)))).toEqual([
      0n,
      50n,
      99n,
      0n,
    ]);
    expect(await fixture.ledger.getBalance(fixture.house)).toBe(houseBefore + 5_200n);
  });

  it('never deadlocks: transfers racing in both directions between the same accounts', async () => {
    const [first, second] = await Promise.all([fixture.createMemberCash(), fixture.createMemberCash()]);
    await Promise.all([fund(first, 500n), fund(second, 500n)]);
    const transfer = (from: bigint, to: bigint) =>
      outcomeOf(
        fixture.ledger.post({
          brandId: fixture.brandId,
          idempotencyKey: newKey(),
          kind: 'transfer',
          // Legs listed in the caller's order, sometimes against the lock order, on purpose.
          legs: [
            { accountId: from, amount: -7n },
            { accountId: fixture.house, amount: 1n },
            { accountId: to, amount: 6n },
          ],
        }),
      );
    const outcomes = await Promise.all(
      Array.from({ length: 64 }, (_, index) =>
        index % 2 === 0 ? transfer(first, second) : transfer(second, first),
      ),
    );
    const result = tally(outcomes);
    expect(result.refused.filter((reason) => reason !== 'insufficient_funds')).toEqual([]);
    const total = (await fixture.ledger.getBalance(first)) + (await fixture.ledger.getBalance(second));
    expect(total).toBe(1_000n - BigInt(result.committed));
  });

  it('commits the same idempotency key exactly once when it arrives 20 times at once', async () => {
    const member = await fixture.createMemberCash();
    await fund(member, 1_000n);
    const key = newKey();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => outcomeOf(bet(member, 300n, key))));
    expect(tally(outcomes)).toEqual({ committed: 1, replayed: 19, refused: [] });
    const ids = new Set(outcomes.map((outcome) => (outcome.ok ? outcome.transactionId : undefined)));
    expect(ids.size).toBe(1);
    const [transaction] = await fixture.database.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, key));
    const [entries] = await fixture.database.db
      .select({ total: count() })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, transaction?.id ?? 0n));
    expect(entries?.total).toBe(2);
    expect(await fixture.ledger.getBalance(member)).toBe(700n);
  });

  it('commits one of two different requests racing under one key, and refuses the other', async () => {
    const member = await fixture.createMemberCash();
    await fund(member, 1_000n);
    const key = newKey();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) => outcomeOf(bet(member, index % 2 === 0 ? 100n : 200n, key))),
    );
    const result = tally(outcomes);
    expect(result.committed).toBe(1);
    expect(result.replayed).toBe(9);
    expect(result.refused).toEqual(Array.from({ length: 10 }, () => 'idempotency_conflict'));
    expect([900n, 800n]).toContain(await fixture.ledger.getBalance(member));
  });

  it('settles a hold exactly once when posts and voids race', async () => {
    const member = await fixture.createMemberCash();
    await fund(member, 10_000n);
    const clearingBefore = await fixture.ledger.getBalance(fixture.paymentClearing);
    const holds = await Promise.all(
      Array.from({ length: 10 }, () =>
        fixture.ledger.reserve({
          brandId: fixture.brandId,
          idempotencyKey: newKey(),
          accountId: member,
          amount: 1_000n,
          kind: 'withdrawal',
        }),
      ),
    );
    expect(await fixture.ledger.getBalance(member)).toBe(0n);

    const settlements = await Promise.all(
      holds.map(async ({ holdId }) => {
        const post = () =>
          outcomeOf(
            fixture.ledger.postHold({
              brandId: fixture.brandId,
              holdId,
              destinationAccountId: fixture.paymentClearing,
            }),
          );
        const cancel = () => outcomeOf(fixture.ledger.voidHold({ brandId: fixture.brandId, holdId }));
        const outcomes = await Promise.all([post(), cancel(), post(), cancel()]);
        const posts = tally([outcomes[0], outcomes[2]]);
        const voids = tally([outcomes[1], outcomes[3]]);
        const hold = await fixture.ledger.getHold(holdId);
        return { posts, voids, status: hold?.status };
      }),
    );
    let posted = 0n;
    for (const { posts, voids, status } of settlements) {
      // Exactly one settlement committed; the same call repeated answers it, the other is refused.
      expect(posts.committed + voids.committed).toBe(1);
      const [winner, loser] = posts.committed === 1 ? [posts, voids] : [voids, posts];
      expect(winner.refused).toEqual([]);
      expect(winner.replayed).toBe(1);
      expect(loser.refused).toEqual(['hold_already_settled', 'hold_already_settled']);
      expect(status).toBe(posts.committed === 1 ? 'posted' : 'voided');
      if (status === 'posted') posted += 1_000n;
    }
    expect(await fixture.ledger.getBalance(member)).toBe(10_000n - posted);
    expect(await fixture.ledger.getBalance(fixture.paymentClearing)).toBe(clearingBefore + posted);
  });

  /**
   * Stops a posting in the middle of its statement: another connection holds the member's balance row, so
   * the posting has already written its transaction and locked and debited the house shard when it waits;
   * then its backend is cancelled or killed. Nothing of it may remain.
   */
  it.each(['pg_cancel_backend', 'pg_terminate_backend'])(
    'leaves all or nothing when %s stops a posting between two of its writes',
    async (stopFunction) => {
      const member = await fixture.createMemberCash();
      await fund(member, 1_000n);
      const houseBefore = await fixture.ledger.getBalance(fixture.house);
      const key = newKey();
      let releaseLock = (): void => undefined;
      let reportLocked = (): void => undefined;
      const locked = new Promise<void>((resolve) => {
        reportLocked = resolve;
      });
      const blocker = fixture.database.db.transaction(async (tx) => {
        await tx.execute(sql`select balance from ledger_balances where account_id = ${member} for update`);
        reportLocked();
        await new Promise<void>((resolve) => {
          releaseLock = resolve;
        });
      });
      await locked;
      // Member accounts are created after the house, so the house shard is locked (and changed) first.
      expect(member).toBeGreaterThan(fixture.house);
      const posting = bet(member, 400n, key).then(
        () => 'committed',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );

      let waitingPid: number | undefined;
      for (let attempt = 0; attempt < 100 && waitingPid === undefined; attempt += 1) {
        const [row] = await selectRows<{ pid: number }>(
          fixture.database.db,
          sql`select pid from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query like '%new_transaction%'`,
        );
        waitingPid = row?.pid;
        if (waitingPid === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(waitingPid).toBeDefined();
      await fixture.database.db.execute(sql`select ${sql.raw(stopFunction)}(${waitingPid ?? 0})`);
      expect(await posting).not.toBe('committed');
      releaseLock();
      await blocker;

      expect(await fixture.ledger.getBalance(member)).toBe(1_000n);
      expect(await fixture.ledger.getBalance(fixture.house)).toBe(houseBefore);
      const [written] = await fixture.database.db
        .select({ total: count() })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, key));
      expect(written?.total).toBe(0);
      // The key was never used, so the retry commits as new.
      expect((await bet(member, 400n, key)).isReplay).toBe(false);
      expect(await fixture.ledger.getBalance(member)).toBe(600n);
    },
  );
});
