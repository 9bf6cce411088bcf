import { randomUUID } from 'node:crypto';
import type { PresetRoleKey } from '@wps/contracts/staff-permissions';
import { type RunningSandboxGateway, startSandboxGateway } from '@wps/sandbox-gateway/sandbox-gateway';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../../db/database';
import { seedDemoData } from '../../db/seed';
import { openTestDatabase } from '../../testing/test-database';
import {
  createStaff,
  createTestApp,
  loginAsMember,
  loginAsOperator,
  type TestApp,
} from '../../testing/test-app';
import { listAuditEvents } from '../audit/audit.service';
import { members } from '../members/members.tables';
import { memberMessages } from '../messages/messages.tables';
import { createTurnoverService } from '../turnover/turnover.service';
import { createLedgerService } from '../wallet/ledger.service';
import { ledgerTransactions } from '../wallet/wallet.tables';
import { createSandboxSecretLookup } from './channels.service';
import { signGatewayBody } from './gateway-client';
import { deposits, paymentChannels } from './payments.tables';

export type Envelope<T = unknown> = { success: boolean; code?: string; value: T; message: string };
export const envelopeOf = <T = unknown>(response: LightMyRequestResponse): Envelope<T> => response.json();
export const codeOf = (response: LightMyRequestResponse): string | undefined => envelopeOf(response).code;

export type DepositAnswer = {
  id: string;
  channelCode: string;
  method: string;
  amount: string;
  currency: string;
  status: string;
  paymentUrl: string | null;
  reviewNote: string | null;
  settledAt: string | null;
};

export type TestMember = { id: bigint; brandId: bigint; username: string; authorization: string };

/**
 * The whole platform with the sandbox gateway beside it, as main.ts starts them: the app listens on a free
 * port (the gateway's notices must reach it) and channels without a baseUrl go to the sandbox, which reads
 * its merchants' secrets from the sandbox channels.
 */
export type GatewayTestApp = Pick<TestApp, 'app' | 'database' | 'close'> & { sandbox: RunningSandboxGateway };

export const createGatewayTestApp = async (): Promise<GatewayTestApp> => {
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  const sandbox = await startSandboxGateway({
    host: '127.0.0.1',
    port: 0,
    lookupMerchantSecret: createSandboxSecretLookup(database.db),
    retryDelaysMs: [50, 100],
  });
  const testApp = await createTestApp({}, { database, sandboxGatewayUrl: sandbox.url, listen: true });
  return {
    app: testApp.app,
    database,
    sandbox,
    close: async () => {
      await sandbox.close();
      await testApp.close();
      await database.close();
    },
  };
};

/** A test's own view of the books and the inbox, and the member's and staff's hands, on one application. */
export const createDepositFixture = (testApp: Pick<TestApp, 'app' | 'database'>) => {
  const { app } = testApp;
  const db: Database = testApp.database.db;
  // Reads balances as a test's own tool; the application keeps its one ledger.
  const ledger = createLedgerService({ db });
  const turnover = createTurnoverService({ db });
  let operator: { authorization: string } | undefined;

  const staffHeaders = async () => {
    operator ??= await loginAsOperator(app);
    return operator;
  };

  /** A new member of the demo brand (trial when type is 4), logged in. */
  const createMember = async (type = 0): Promise<TestMember> => {
    const [demo] = await db.select({ brandId: members.brandId }).from(members).limit(1);
    if (!demo) throw new Error('no seeded member');
    const username = `d${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await db.insert(members).values({
      brandId: demo.brandId,
      username,
      nickname: username,
      type,
      payeeName: 'Maria Santos',
    });
    const { member, authorization } = await loginAsMember(testApp, username);
    return { id: member.id, brandId: member.brandId, username, authorization };
  };

  const balance = async (member: { id: bigint; brandId: bigint }): Promise<bigint> => {
    const cash = await ledger.ensureMemberAccount(member.brandId, member.id, 'USD');
    return ledger.getBalance(cash.id);
  };

  const deposit = (member: { authorization: string }, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/wps/member/deposits',
      headers: { authorization: member.authorization },
      payload: { requestId: randomUUID(), ...body },
    });

  const staffPost = async (url: string, payload?: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers: await staffHeaders(), ...(payload ? { payload } : {}) });

  return {
    db,
    createMember,
    balance,
    deposit,
    staffHeaders,
    turnoverRemaining: (member: { id: bigint }) => turnover.remaining(member.id, 'USD'),
    messagesOf: (member: { id: bigint }) =>
      db.select().from(memberMessages).where(eq(memberMessages.memberId, member.id)),
    auditOf: (depositId: string) => listAuditEvents(db, 'deposit', depositId),
    /** How many ledger transactions carry the deposit's key: exactly one once credited. */
    postingsOf: async (depositId: string) =>
      (
        await db
          .select()
          .from(ledgerTransactions)
          .where(eq(ledgerTransactions.idempotencyKey, `deposit:${depositId}`))
      ).length,
    depositRow: async (depositId: string) => {
      const [row] = await db
        .select()
        .from(deposits)
        .where(eq(deposits.id, BigInt(depositId)));
      if (!row) throw new Error(`no deposit ${depositId}`);
      return row;
    },
    approve: (id: string, note?: string) =>
      staffPost(`/wps/backoffice/deposits/${id}/approve`, note === undefined ? undefined : { note }),
    reject: (id: string, reason: string) => staffPost(`/wps/backoffice/deposits/${id}/reject`, { reason }),
    putChannel: async (body: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: '/wps/backoffice/payment-channels',
        headers: await staffHeaders(),
        payload: body,
      }),
    /** A staff member of another role, logged in. */
    staffWithRole: async (role: PresetRoleKey) => {
      const username = `s${randomUUID().slice(0, 8)}`;
      const { authorization } = await createStaff(app, { username, role });
      return { authorization };
    },
    /** The stored secret of a gateway channel of the demo brand. */
    channelSecret: async (code: string): Promise<string> => {
      const [row] = await db
        .select({ gateway: paymentChannels.gateway })
        .from(paymentChannels)
        .where(eq(paymentChannels.code, code));
      if (!row?.gateway) throw new Error(`no gateway channel ${code}`);
      return row.gateway.secret;
    },
  };
};

export type DepositFixture = ReturnType<typeof createDepositFixture>;

/** Posts a gateway notice as the gateway would: the body as given, signed (or not) as given. */
export const postNotice = (
  app: FastifyInstance,
  channelCode: string,
  body: string,
  signature: string | undefined,
) =>
  app.inject({
    method: 'POST',
    url: `/wps/payments/gateway/${channelCode}/callback`,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-signature': signature }),
    },
    payload: body,
  });

export const signedNotice = (app: FastifyInstance, channelCode: string, secret: string, notice: object) => {
  const body = JSON.stringify(notice);
  return postNotice(app, channelCode, body, signGatewayBody(secret, body));
};

/** The notice the gateway would send for a deposit, with any part changed. */
export const noticeFor = async (
  fixture: DepositFixture,
  depositId: string,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> => {
  const row = await fixture.depositRow(depositId);
  return {
    merchantId: 'DEMO',
    orderId: depositId,
    gatewayOrderId: row.gatewayOrderId,
    amount: (Number(row.amount) / 100).toFixed(2),
    currency: row.currency,
    status: 'paid',
    completedAt: new Date().toISOString(),
    ...overrides,
  };
};
