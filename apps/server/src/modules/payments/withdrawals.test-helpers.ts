import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { hashPassword } from '../../lib/password-hashing';
import { loginAsMember, loginAsOperator, type TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import { members } from '../members/members.tables';
import { memberMessages } from '../messages/messages.tables';
import { createLedgerService } from '../wallet/ledger.service';
import { brandPaymentSettings, withdrawals } from './payments.tables';

export const loginPassword = 'Secret2025';
export const paymentPassword = '246810';

export type Envelope<T = unknown> = { success: boolean; code?: string; value: T; message: string };
export const envelopeOf = <T = unknown>(response: LightMyRequestResponse): Envelope<T> => response.json();
export const codeOf = (response: LightMyRequestResponse): string | undefined => envelopeOf(response).code;

type WithdrawalLimitsRow = Omit<typeof brandPaymentSettings.$inferInsert, 'brandId' | 'updatedAt'>;
/** Minimum 10.00, maximum 50,000.00, 100,000.00 and 5 a day, 60 minutes to confirm (the defaults). */
export const testLimits = {
  withdrawalMin: 1_000n,
  withdrawalMax: 5_000_000n,
  withdrawalDailyMaxAmount: 10_000_000n,
  withdrawalDailyMaxCount: 5,
  confirmationMinutes: 60,
} satisfies WithdrawalLimitsRow;

export type TestMember = { id: bigint; brandId: bigint; username: string; authorization: string };

/** Money tests on one seeded application: fresh members, their balances, and the staff's hand. */
export const createWithdrawalFixture = (testApp: TestApp) => {
  const { db } = testApp.database;
  // Reads balances and funds members, as a test's own tool; the application keeps its one ledger.
  const ledger = createLedgerService({ db });
  let operator: { authorization: string } | undefined;

  const brandId = async (): Promise<bigint> => {
    const [row] = await db.select({ brandId: members.brandId }).from(members).limit(1);
    if (!row) throw new Error('no seeded member');
    return row.brandId;
  };

  const fund = async (member: { id: bigint; brandId: bigint }, amount: bigint): Promise<void> => {
    const promotion = await ledger.ensureSystemAccount(member.brandId, 'promotion', 'USD');
    const cash = await ledger.ensureMemberAccount(member.brandId, member.id, 'USD');
    await ledger.post({
      brandId: member.brandId,
      idempotencyKey: `test:fund:${randomUUID()}`,
      kind: 'adjustment',
      legs: [
        { accountId: promotion.id, amount: -amount },
        { accountId: cash.id, amount },
      ],
    });
  };

  /** A new player with a login password, a payment password (unless told not to) and money. */
  const createMember = async (
    options: {
      balance?: bigint;
      payeeName?: string | null;
      withPaymentPassword?: boolean;
      type?: number;
    } = {},
  ): Promise<TestMember> => {
    const username = `w${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const [member] = await db
      .insert(members)
      .values({
        brandId: await brandId(),
        username,
        nickname: username,
        type: options.type ?? 0,
        passwordHash: await hashPassword(loginPassword),
        paymentPasswordHash:
          options.withPaymentPassword === false ? null : await hashPassword(paymentPassword),
        payeeName: options.payeeName === undefined ? 'Ana Reyes' : options.payeeName,
      })
      .returning();
    if (!member) throw new Error('member not created');
    if (options.balance) await fund(member, options.balance);
    const { authorization } = await loginAsMember(testApp, username);
    return { id: member.id, brandId: member.brandId, username, authorization };
  };

  const balances = async (member: { id: bigint; brandId: bigint }) => {
    const cash = await ledger.ensureMemberAccount(member.brandId, member.id, 'USD');
    const hold = await ledger.ensureMemberAccount(member.brandId, member.id, 'USD', 'member_hold');
    return { cash: await ledger.getBalance(cash.id), held: await ledger.getBalance(hold.id) };
  };

  const clearingBalance = async (): Promise<bigint> => {
    const clearing = await ledger.ensureSystemAccount(await brandId(), 'payment_clearing', 'USD');
    return ledger.getBalance(clearing.id);
  };

  const call = (
    authorization: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    testApp.app.inject({
      method,
      url: `/wps${url}`,
      headers: { authorization },
      ...(payload ? { payload } : {}),
    });

  const addPayoutAccount = async (
    member: TestMember,
    overrides: Record<string, unknown> = {},
  ): Promise<string> => {
    const response = await call(member.authorization, 'POST', '/member/payout-accounts', {
      method: 'bank',
      providerName: 'Lotus Bank',
      accountNumber: `00${randomUUID().replaceAll('-', '').slice(0, 10)}`,
      holderName: 'Ana Reyes',
      paymentPassword,
      ...overrides,
    });
    expect(envelopeOf(response)).toMatchObject({ success: true });
    return envelopeOf<{ id: string }>(response).value.id;
  };

  const requestWithdrawal = (member: TestMember, body: Record<string, unknown>) =>
    call(member.authorization, 'POST', '/member/withdrawals', {
      amount: '100.00',
      paymentPassword,
      requestId: randomUUID(),
      ...body,
    });

  const staffHeaders = async () => {
    operator ??= await loginAsOperator(testApp.app);
    return operator;
  };

  const review = async (id: string, decision: 'approve' | 'reject', payload: object = {}) =>
    call(
      (await staffHeaders()).authorization,
      'POST',
      `/backoffice/withdrawals/${id}/${decision}`,
      decision === 'reject' ? { reason: 'Account details do not match', ...payload } : payload,
    );

  /** The brand's withdrawal rules: the test defaults below, changed by `values`. */
  const setSettings = async (values: Partial<WithdrawalLimitsRow> = {}): Promise<void> => {
    const row = { ...testLimits, ...values };
    await db
      .insert(brandPaymentSettings)
      .values({ brandId: await brandId(), ...row })
      .onConflictDoUpdate({ target: brandPaymentSettings.brandId, set: row });
  };

  const withdrawalRows = (memberId: bigint) =>
    db.select().from(withdrawals).where(eq(withdrawals.memberId, memberId));

  const messagesOf = (memberId: bigint) =>
    db.select().from(memberMessages).where(eq(memberMessages.memberId, memberId));

  const auditOf = (entityType: string, entityId: string) =>
    db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId)));

  return {
    db,
    ledger,
    brandId,
    fund,
    createMember,
    balances,
    clearingBalance,
    call,
    addPayoutAccount,
    requestWithdrawal,
    staffHeaders,
    review,
    setSettings,
    withdrawalRows,
    messagesOf,
    auditOf,
  };
};

export type WithdrawalFixture = ReturnType<typeof createWithdrawalFixture>;
