import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { createJobScheduler, type JobScheduler } from '../../jobs/scheduler';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { listAuditEvents } from '../audit/audit.service';
import type { MemberRow } from '../members/members.repository';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { LedgerError } from '../wallet/wallet.errors';
import { ledgerTransactions } from '../wallet/wallet.tables';
import type { BonusGrant, BonusOwner, WageringTerms } from './bonuses.service';
import { memberBonuses } from './promotions.tables';

const currency = 'USD';
const dayMs = 86_400_000;
const terms: WageringTerms = {
  multiplier: 100,
  base: 'bonus',
  contributions: { RNG: 100 },
  maxStake: 0n,
  expiresInDays: 1,
};

/** The code of a refusal (a ledger refusal's reason), or 'ok'; anything else (a deadlock) fails the test. */
const outcomeOf = async <T>(work: Promise<T>): Promise<string> => {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (error instanceof LedgerError) return error.reason;
    if (error instanceof AppError) return error.code;
    throw error;
  }
};

/** Jobs registered without their timers: the expiry job runs only when a test says so. */
const manualScheduler = (): JobScheduler => {
  const scheduler = createJobScheduler({ error: () => undefined });
  return {
    ...scheduler,
    every: (name, _intervalMs, run) => {
      scheduler.every(name, 0, run);
    },
  };
};

// PGlite runs one statement at a time, so nothing can race on it: these need a real server (DATABASE_URL).
describe.runIf(process.env.DATABASE_URL)('bonus engine races on PostgreSQL', () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof walletTestKit>;
  let clockMs = Date.now();
  let members = 0;

  beforeAll(async () => {
    testApp = await createTestApp({}, { clock: () => clockMs, scheduler: manualScheduler() });
    kit = walletTestKit(testApp);
  }, 180_000);
  // Closing the test database runs ledger-invariants.sql over every posting of the races.
  afterAll(() => testApp.close());

  const addMember = async () => {
    members += 1;
    const member = await kit.addMember(`bonusrace${members}`);
    const owner: BonusOwner = { brandId: member.brandId, memberId: member.id, currency };
    return { member, owner };
  };

  const grant = (owner: BonusOwner, amount: bigint, reference: string, grantTerms = terms) => {
    const request: BonusGrant = {
      ...owner,
      amount,
      promotionId: null,
      reference,
      title: 'Race bonus',
      terms: grantTerms,
    };
    return testApp.database.db.transaction((tx) => testApp.app.promotions.bonuses.grant(tx, request));
  };

  const postingKeys = async (prefix: string) =>
    (
      await testApp.database.db
        .select({ key: ledgerTransactions.idempotencyKey })
        .from(ledgerTransactions)
        .where(like(ledgerTransactions.idempotencyKey, `${prefix}%`))
    ).map((row) => row.key);

  const bonusesOf = (member: MemberRow) =>
    testApp.database.db.select().from(memberBonuses).where(eq(memberBonuses.memberId, member.id));

  it('grants one of 20 different bonuses sent to one member at once', async () => {
    const { member, owner } = await addMember();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        outcomeOf(grant(owner, 1_000n + BigInt(index), `diff-${index}`)),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'BONUS_ALREADY_ACTIVE')).toHaveLength(19);
    const rows = await bonusesOf(member);
    expect(rows.map((row) => row.status)).toEqual(['active']);
    expect(await postingKeys(`bonus-grant:${member.id}:`)).toEqual([
      `bonus-grant:${member.id}:${rows[0]?.reference ?? ''}`,
    ]);
    expect(await testApp.app.promotions.bonuses.balance(owner)).toBe(rows[0]?.amount);
  });

  it('grants a reference once when it arrives 20 times at once, answering the same bonus to each', async () => {
    const { member, owner } = await addMember();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => grant(owner, 2_500n, 'same-reference')),
    );
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    expect(await bonusesOf(member)).toHaveLength(1);
    expect(await postingKeys(`bonus-grant:${member.id}:`)).toEqual([
      `bonus-grant:${member.id}:same-reference`,
    ]);
    expect(await testApp.app.promotions.bonuses.balance(owner)).toBe(2_500n);
  });

  it('ends an expired bonus once when two expiry runs start together', async () => {
    const racers = await Promise.all(Array.from({ length: 6 }, () => addMember()));
    for (const { owner } of racers) await grant(owner, 700n, `expiring-${randomUUID()}`);
    clockMs += 2 * dayMs;
    const stillActive = (
      await testApp.database.db.select().from(memberBonuses).where(eq(memberBonuses.status, 'active'))
    ).filter((row) => row.expiresAt.getTime() <= clockMs);
    const promotion = await testApp.app.wallet.ledger.ensureSystemAccount(
      racers[0]?.member.brandId ?? 0n,
      'promotion',
      currency,
    );
    const promotionBefore = await testApp.app.wallet.ledger.getBalance(promotion.id);

    const [first, second] = await Promise.all([
      testApp.app.promotions.bonuses.expire(),
      testApp.app.promotions.bonuses.expire(),
    ]);

    // Every active bonus is past its expiry now (the earlier tests' too): each is ended by exactly one run.
    expect(first + second).toBe(stillActive.length);
    for (const { member, owner } of racers) {
      const [row] = await bonusesOf(member);
      expect(row?.status).toBe('expired');
      expect(row?.settledAmount).toBe(700n);
      expect(await postingKeys(`bonus-end:${row?.id ?? 0n}`)).toHaveLength(1);
      // Audited once too: in the transaction that ended it, as the platform's action.
      expect(await listAuditEvents(testApp.database.db, 'member_bonus', String(row?.id))).toMatchObject([
        {
          actorType: 'system',
          action: 'promotions.bonus.expire',
          after: { status: 'expired', returnedAmount: '700' },
        },
      ]);
      expect(await testApp.app.promotions.bonuses.balance(owner)).toBe(0n);
    }
    const ended = await testApp.database.db
      .select()
      .from(memberBonuses)
      .where(
        inArray(
          memberBonuses.id,
          stillActive.map((row) => row.id),
        ),
      );
    expect(ended.map((row) => row.status)).toEqual(stillActive.map(() => 'expired'));
    const returned = ended.reduce((sum, row) => sum + (row.settledAmount ?? 0n), 0n);
    expect(await testApp.app.wallet.ledger.getBalance(promotion.id)).toBe(promotionBefore + returned);
  });

  /** A house-game bet of `stake` on RNG: split, posted, reported as a valid bet, in one transaction. */
  const houseBet = async (member: MemberRow, owner: BonusOwner, stake: bigint, reference: string) => {
    const { app, database } = testApp;
    const { ledger, wallet } = app.wallet;
    const house = await ledger.ensureSystemAccount(member.brandId, 'house', currency);
    return database.db.transaction(async (tx) => {
      const cash = await wallet.cashAccount(member, currency, tx);
      const split = await app.promotions.bonuses.splitStake(tx, owner, cash.id, stake);
      await ledger.post(
        {
          brandId: member.brandId,
          idempotencyKey: reference,
          kind: 'bet',
          productLine: 'RNG',
          reference,
          legs: [...split.legs, { accountId: house.id, amount: stake }],
        },
        { executor: tx },
      );
      await app.turnover.turnover.recordValidBet(tx, {
        ...owner,
        amount: stake,
        productLine: 'RNG',
        reference,
      });
    });
  };

  it('never overdraws cash or bonus money under 40 concurrent bets, and counts each bet once', async () => {
    const { member, owner } = await addMember();
    const { ledger, wallet } = testApp.app.wallet;
    const cash = await wallet.cashAccount(member, currency);
    const bonusAccount = await ledger.ensureMemberAccount(
      member.brandId,
      member.id,
      currency,
      'member_bonus',
    );
    const house = await ledger.ensureSystemAccount(member.brandId, 'house', currency);
    await kit.fund(member, 500n);
    await grant(owner, 3_000n, 'bets-race');
    const houseBefore = await ledger.getBalance(house.id);

    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        outcomeOf(houseBet(member, owner, 100n, `race-bet:${member.id}:${index}`)),
      ),
    );

    // A split read before another bet took the money is refused by the ledger, never overdrawn.
    expect(outcomes.filter((outcome) => outcome !== 'ok' && outcome !== 'insufficient_funds')).toEqual([]);
    const committed = BigInt(outcomes.filter((outcome) => outcome === 'ok').length);
    expect(committed).toBeGreaterThan(0n);
    const cashAfter = await ledger.getBalance(cash.id);
    const bonusAfter = await ledger.getBalance(bonusAccount.id);
    expect(cashAfter).toBeGreaterThanOrEqual(0n);
    expect(bonusAfter).toBeGreaterThanOrEqual(0n);
    expect(3_500n - cashAfter - bonusAfter).toBe(committed * 100n);
    expect(await ledger.getBalance(house.id)).toBe(houseBefore + committed * 100n);
    const [row] = await testApp.database.db
      .select()
      .from(memberBonuses)
      .where(and(eq(memberBonuses.memberId, member.id), eq(memberBonuses.status, 'active')));
    expect(row?.wageringDone).toBe(committed * 100n);
  });

  it('lets bets race a withdrawal that forfeits the bonus without a deadlock', async () => {
    const { app, database } = testApp;
    const { ledger, wallet } = app.wallet;
    for (let round = 0; round < 5; round += 1) {
      const { member, owner } = await addMember();
      await kit.fund(member, 10_000n);
      await grant(owner, 1_000n, `withdrawal-race-${round}`);
      const cash = await wallet.cashAccount(member, currency);
      const withdraw = database.db.transaction(async (tx) => {
        await app.promotions.bonuses.forfeitForWithdrawal(tx, owner, true);
        await ledger.reserve(
          {
            brandId: member.brandId,
            idempotencyKey: `race-withdrawal:${member.id}`,
            accountId: cash.id,
            amount: 100n,
            kind: 'withdrawal.request',
          },
          { executor: tx },
        );
      });
      const outcomes = await Promise.all([
        outcomeOf(withdraw),
        ...Array.from({ length: 10 }, (_, index) =>
          outcomeOf(houseBet(member, owner, 100n, `race-withdrawal-bet:${member.id}:${index}`)),
        ),
      ]);
      expect(outcomes).toEqual(outcomes.map(() => 'ok'));
      const [row] = await bonusesOf(member);
      expect(row?.status).toBe('forfeited');
      expect(await app.promotions.bonuses.balance(owner)).toBe(0n);
      expect(await ledger.getBalance(cash.id)).toBe(10_000n - 100n - 1_000n);
    }
  });
});
