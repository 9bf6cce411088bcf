import type { Bonus } from '@wps/contracts/promotions';
import type { DepositOffer } from '@wps/contracts/deposit-bonuses';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  codeOf,
  createDepositFixture,
  type DepositAnswer,
  type DepositFixture,
  envelopeOf,
  type TestMember,
} from '../payments/deposits.test-helpers';
import { createLedgerService } from '../wallet/ledger.service';
import { ledgerTransactions } from '../wallet/wallet.tables';
import { memberBonuses, promotionClaims, promotions } from './promotions.tables';

let testApp: TestApp;
let fixture: DepositFixture;

beforeAll(async () => {
  testApp = await createTestApp();
  fixture = createDepositFixture(testApp);
});
afterAll(() => testApp.close());

type Match = {
  depositKind?: 'first' | 'reload' | 'any';
  percent?: number;
  cap?: string;
  minDeposit?: string;
  channelCodes?: string[];
  title?: string;
};

/** A live deposit match of the demo brand (100 % up to 50.00 from 20.00, wagered 10 × bonus, 7 days). */
const createMatch = async (member: TestMember, match: Match = {}): Promise<string> => {
  const [row] = await fixture.db
    .insert(promotions)
    .values({
      brandId: member.brandId,
      kind: 'deposit_match',
      category: 'deposit',
      status: 'live',
      startsAt: new Date(Date.now() - 60_000),
      endsAt: null,
      content: { en: { title: match.title ?? 'Welcome match', summary: 'Doubled', terms: '' } },
      claimLimit: 1,
      eligibility: { vipLevels: [], excludedCountries: [], excludeAgents: false },
      config: {
        kind: 'deposit_match',
        depositKind: match.depositKind ?? 'first',
        percent: match.percent ?? 100,
        cap: match.cap ?? '50',
        minDeposit: match.minDeposit ?? '20',
        channelCodes: match.channelCodes ?? [],
        wagering: {
          multiplier: 10,
          base: 'bonus',
          contributions: { LIVE: 5 },
          maxStake: '5',
          expiresInDays: 7,
        },
      },
    })
    .returning();
  if (!row) throw new Error('promotion not created');
  return row.id.toString();
};

/**
 * Each test gets its own promotions: the brand's other tests' promotions stay live, so a test reads only the
 * offers it created.
 */
const offersOf = async (member: TestMember, ids: string[], channelCode?: string) => {
  const response = await testApp.app.inject({
    url: `/wps/promotions/deposit-offers${channelCode ? `?channelCode=${channelCode}` : ''}`,
    headers: { authorization: member.authorization },
  });
  expect(response.statusCode).toBe(200);
  return envelopeOf<{ list: DepositOffer[] }>(response).value.list.filter((offer) =>
    ids.includes(offer.promotionId),
  );
};

const bank = (amount: string, extra: Record<string, unknown> = {}) => ({
  channelCode: 'BANK_TRANSFER',
  amount,
  playerReference: 'REF-123',
  ...extra,
});

const depositAndApprove = async (member: TestMember, amount: string, promotionId?: string) => {
  const response = await fixture.deposit(member, bank(amount, promotionId ? { promotionId } : {}));
  expect(envelopeOf(response)).toMatchObject({ success: true });
  const { id } = envelopeOf<DepositAnswer>(response).value;
  expect(envelopeOf(await fixture.approve(id))).toMatchObject({ success: true });
  return id;
};

const bonusesOf = async (member: TestMember) => {
  const response = await testApp.app.inject({
    url: '/wps/bonuses',
    headers: { authorization: member.authorization },
  });
  expect(response.statusCode).toBe(200);
  return envelopeOf<{ active: Bonus | null; history: Bonus[] }>(response).value;
};

const bonusBalanceOf = async (member: TestMember): Promise<bigint> => {
  const ledger = createLedgerService({ db: fixture.db });
  const account = await ledger.ensureMemberAccount(member.brandId, member.id, 'USD', 'member_bonus');
  return ledger.getBalance(account.id);
};

describe('deposit offers', () => {
  it('lists first-deposit matches before the first credited deposit and reloads after it', async () => {
    const member = await fixture.createMember();
    const first = await createMatch(member, { depositKind: 'first', title: 'First' });
    const reload = await createMatch(member, { depositKind: 'reload', title: 'Reload' });
    const any = await createMatch(member, { depositKind: 'any', title: 'Any' });
    const ids = [first, reload, any];

    const before = await offersOf(member, ids);
    expect(before.map((offer) => offer.promotionId).sort()).toEqual([first, any].sort());
    expect(before.find((offer) => offer.promotionId === first)).toMatchObject({
      title: 'First',
      depositKind: 'first',
      percent: 100,
      cap: '50.00',
      minDeposit: '20.00',
      channelCodes: [],
      wagering: { multiplier: 10, base: 'bonus', maxStake: '5.00', expiresInDays: 7 },
    });

    await depositAndApprove(member, '10.00');
    const after = await offersOf(member, ids);
    expect(after.map((offer) => offer.promotionId).sort()).toEqual([reload, any].sort());
  });

  it('filters by channel, and offers nothing while a bonus is active or to a guest', async () => {
    const member = await fixture.createMember();
    const ewalletOnly = await createMatch(member, { channelCodes: ['EWALLET'] });
    const everywhere = await createMatch(member, {});
    const ids = [ewalletOnly, everywhere];
    expect((await offersOf(member, ids, 'BANK_TRANSFER')).map((offer) => offer.promotionId)).toEqual([
      everywhere,
    ]);
    expect((await offersOf(member, ids, 'EWALLET')).map((offer) => offer.promotionId).sort()).toEqual(
      ids.sort(),
    );

    await depositAndApprove(member, '40.00', everywhere);
    expect(await offersOf(member, ids)).toEqual([]);

    const guest = await testApp.app.inject({ url: '/wps/promotions/deposit-offers' });
    expect(guest.statusCode).toBe(401);
  });
});

describe('choosing a deposit bonus', () => {
  it('refuses a deposit below the minimum, on another channel, or for a promotion that is not a live match', async () => {
    const member = await fixture.createMember();
    const promotionId = await createMatch(member, { minDeposit: '30', channelCodes: ['BANK_TRANSFER'] });

    const low = await fixture.deposit(member, bank('29.99', { promotionId }));
    expect(codeOf(low)).toBe('PROMOTION_NOT_ELIGIBLE');
    expect(envelopeOf(low).message).toContain('30.00');

    const elsewhere = await fixture.deposit(member, {
      channelCode: 'EWALLET',
      amount: '50.00',
      playerReference: 'REF-1',
      promotionId,
    });
    expect(codeOf(elsewhere)).toBe('PROMOTION_NOT_ELIGIBLE');

    const unknown = await fixture.deposit(member, bank('50.00', { promotionId: '999999999' }));
    expect(codeOf(unknown)).toBe('PROMOTION_NOT_AVAILABLE');

    await fixture.db
      .update(promotions)
      .set({ status: 'paused' })
      .where(eq(promotions.id, BigInt(promotionId)));
    const paused = await fixture.deposit(member, bank('50.00', { promotionId }));
    expect(codeOf(paused)).toBe('PROMOTION_NOT_AVAILABLE');
    // None of the refused requests left a deposit behind.
    const { list } = envelopeOf<{ list: unknown[] }>(
      await testApp.app.inject({
        url: '/wps/member/deposits',
        headers: { authorization: member.authorization },
      }),
    ).value;
    expect(list).toEqual([]);
  });

  it('refuses a first-deposit bonus once a deposit was credited, and any bonus while one is active', async () => {
    const member = await fixture.createMember();
    const first = await createMatch(member, { depositKind: 'first' });
    const reload = await createMatch(member, { depositKind: 'reload' });
    await depositAndApprove(member, '25.00');
    expect(codeOf(await fixture.deposit(member, bank('50.00', { promotionId: first })))).toBe(
      'PROMOTION_NOT_ELIGIBLE',
    );
    await depositAndApprove(member, '25.00', reload);
    const another = await createMatch(member, { depositKind: 'any' });
    expect(codeOf(await fixture.deposit(member, bank('50.00', { promotionId: another })))).toBe(
      'BONUS_ALREADY_ACTIVE',
    );
  });
});

describe('granting the bonus when the deposit is credited', () => {
  it('grants percent of the deposit up to the cap once, with its wagering, and lists it on bonusDetails', async () => {
    const member = await fixture.createMember();
    const promotionId = await createMatch(member, { percent: 50, cap: '40', title: 'Half match' });
    const response = await fixture.deposit(member, bank('100.00', { promotionId }));
    const { id } = envelopeOf<DepositAnswer>(response).value;
    expect((await fixture.depositRow(id)).promotionId).toBe(BigInt(promotionId));

    expect(envelopeOf(await fixture.approve(id))).toMatchObject({ success: true });
    // A second credit of the same deposit changes nothing.
    expect(codeOf(await fixture.approve(id))).toBe('ALREADY_PROCESSED');

    expect(await fixture.balance(member)).toBe(10_000n);
    expect(await bonusBalanceOf(member)).toBe(4_000n);
    const rows = await fixture.db.select().from(memberBonuses).where(eq(memberBonuses.memberId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reference: `deposit:${id}`, amount: 4_000n, wageringRequired: 40_000n });
    const claims = await fixture.db
      .select()
      .from(promotionClaims)
      .where(
        and(eq(promotionClaims.memberId, member.id), eq(promotionClaims.promotionId, BigInt(promotionId))),
      );
    expect(claims).toHaveLength(1);
    const grants = await fixture.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `bonus-grant:${member.id}:deposit:${id}`));
    expect(grants).toHaveLength(1);

    const kinds = (await fixture.messagesOf(member)).map((message) => message.kind).sort();
    expect(kinds).toEqual(['deposit_bonus_granted', 'deposit_credited']);

    const { active, history } = await bonusesOf(member);
    expect(history).toEqual([]);
    expect(active).toMatchObject({
      promotionId,
      title: 'Half match',
      status: 'active',
      amount: '40.00',
      balance: '40.00',
      wageringRequired: '400.00',
      wageringDone: '0.00',
      maxStake: '5.00',
      settledAmount: null,
    });
    // Lines the operator did not name count their default; LIVE was set to 5 %.
    expect(active?.contributions).toMatchObject({ RNG: 100, LIVE: 5 });

    const balance = await testApp.app.inject({
      url: '/wps/v2/wallets/balance',
      headers: { authorization: member.authorization },
    });
    expect(envelopeOf(balance).value).toMatchObject({ balance: '100.00', bonusBalance: '40.00' });
  });

  it('credits the deposit without a bonus when the member is no longer eligible, and says so', async () => {
    const member = await fixture.createMember();
    const promotionId = await createMatch(member, { title: 'Ends soon' });
    const response = await fixture.deposit(member, bank('30.00', { promotionId }));
    const { id } = envelopeOf<DepositAnswer>(response).value;
    // The operator ends the promotion between the request and the payment.
    await fixture.db
      .update(promotions)
      .set({ status: 'ended' })
      .where(eq(promotions.id, BigInt(promotionId)));

    expect(envelopeOf(await fixture.approve(id))).toMatchObject({ success: true });
    expect(await fixture.balance(member)).toBe(3_000n);
    expect(await bonusBalanceOf(member)).toBe(0n);
    expect(
      await fixture.db.select().from(memberBonuses).where(eq(memberBonuses.memberId, member.id)),
    ).toEqual([]);
    const refused = (await fixture.messagesOf(member)).find(
      (message) => message.kind === 'deposit_bonus_refused',
    );
    expect(refused?.params).toMatchObject({ reference: id, title: 'Ends soon' });
    expect(refused?.body).toContain('without the bonus');
    expect((await bonusesOf(member)).active).toBeNull();
  });

  it('credits a second deposit that chose a bonus without it when the first one granted a bonus still active', async () => {
    const member = await fixture.createMember();
    const promotionId = await createMatch(member, { depositKind: 'any' });
    const other = await createMatch(member, { depositKind: 'any' });
    // Both ask before either is credited, so both pass the request-time check.
    const one = envelopeOf<DepositAnswer>(
      await fixture.deposit(member, bank('20.00', { promotionId })),
    ).value;
    const two = envelopeOf<DepositAnswer>(
      await fixture.deposit(member, bank('20.00', { promotionId: other })),
    ).value;
    expect(envelopeOf(await fixture.approve(one.id))).toMatchObject({ success: true });
    expect(envelopeOf(await fixture.approve(two.id))).toMatchObject({ success: true });
    expect(await fixture.balance(member)).toBe(4_000n);
    expect(await bonusBalanceOf(member)).toBe(2_000n);
    const kinds = (await fixture.messagesOf(member)).map((message) => message.kind).sort();
    expect(kinds).toEqual([
      'deposit_bonus_granted',
      'deposit_bonus_refused',
      'deposit_credited',
      'deposit_credited',
    ]);
  });

  it('lists ended bonuses in the history with what they settled', async () => {
    const member = await fixture.createMember();
    const promotionId = await createMatch(member, {});
    await depositAndApprove(member, '20.00', promotionId);
    await testApp.app.promotions.bonuses.forfeit({
      brandId: member.brandId,
      memberId: member.id,
      currency: 'USD',
    });
    const { active, history } = await bonusesOf(member);
    expect(active).toBeNull();
    expect(history).toMatchObject([{ status: 'forfeited', amount: '20.00', settledAmount: '20.00' }]);
    expect(history[0]?.endedAt).not.toBeNull();
    const balance = await testApp.app.inject({
      url: '/wps/v2/wallets/balance',
      headers: { authorization: member.authorization },
    });
    expect(envelopeOf(balance).value).toMatchObject({ bonusBalance: '0.00' });
  });
});
