import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { listAuditEvents } from '../audit/audit.service';
import { auditEvents } from '../audit/audit.tables';
import { createVisitor } from '../auth/auth.test-helpers';
import { findAgentByAffiliateCode, type MemberRow } from '../members/members.repository';
import { members } from '../members/members.tables';
import { testPaymentPassword, walletTestKit } from '../wallet/wallet-api.test-helpers';
import { findTreePosition } from './agents.repository';
import { createRollupService } from './rollups.service';

/**
 * The agent centre over HTTP: each report's sums, and that an agent never reads or acts on another agent's
 * subtree (every endpoint), a member never on anything but itself.
 */

type Json = Record<string, unknown>;
type Caller = { authorization: string };
type Answer = { status: number; body: { success: boolean; code?: string; value: Json } };

let testApp: TestApp;
let kit: ReturnType<typeof walletTestKit>;
let agentA: MemberRow;
let subA: MemberRow;
let playerA1: MemberRow;
let playerA2: MemberRow;
let agentB: MemberRow;
let playerB1: MemberRow;
let callerA: Caller;
let callerSubA: Caller;
let callerB: Caller;
let callerPlayer: Caller;
let staff: Caller;

const call = async (
  caller: Caller | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: Json,
  headers: Record<string, string> = {},
) => {
  const response = await testApp.app.inject({
    method,
    url,
    headers: { ...(caller ? { authorization: caller.authorization } : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
  const body: Answer['body'] = response.json();
  return { status: response.statusCode, body };
};

const deposit = async (member: MemberRow, amount: bigint) => {
  const clearing = await kit.ledger.ensureSystemAccount(member.brandId, 'payment_clearing', 'USD');
  const cash = await kit.ledger.ensureMemberAccount(member.brandId, member.id, 'USD');
  await kit.ledger.post({
    brandId: member.brandId,
    idempotencyKey: `test:deposit:${randomUUID()}`,
    kind: 'deposit',
    legs: [
      { accountId: clearing.id, amount: -amount },
      { accountId: cash.id, amount },
    ],
  });
};

const login = async (member: MemberRow): Promise<Caller> => ({
  authorization: (await loginAsMember(testApp, member.username)).authorization,
});

beforeAll(async () => {
  testApp = await createTestApp();
  kit = walletTestKit(testApp);
  agentA = await kit.addMember('treeagenta', { type: 1 });
  subA = await kit.addMember('treesuba', { type: 1, upline: agentA });
  playerA1 = await kit.addMember('treeplayera1', { upline: agentA });
  playerA2 = await kit.addMember('treeplayera2', { upline: subA });
  agentB = await kit.addMember('treeagentb', { type: 2 });
  playerB1 = await kit.addMember('treeplayerb1', { upline: agentB });
  // A: 100.00 deposited by A1, 10.00 bet and 4.00 won by A2 (two levels down), 50.00 to the agent itself.
  await deposit(playerA1, 10_000n);
  await deposit(playerA2, 5_000n);
  await kit.play(playerA2, 'bet', 1_000n, 'RNG');
  await kit.play(playerA2, 'win', 400n, 'RNG');
  await deposit(agentA, 5_000n);
  await kit.play(agentA, 'bet', 700n, 'RNG');
  // B's line: must never show up for A.
  await deposit(playerB1, 77_700n);
  await kit.play(playerB1, 'bet', 33_300n, 'RNG');
  await createRollupService({ db: testApp.database.db }).fold();
  callerA = await login(agentA);
  callerSubA = await login(subA);
  callerB = await login(agentB);
  callerPlayer = await login(playerA1);
  staff = await kit.loginAsStaff('treestaff', 'support');
});

afterAll(async () => {
  await testApp.close();
});

describe('agent centre access', () => {
  const endpoints: Array<[string, 'GET' | 'POST', string, Json?]> = [
    ['overview', 'GET', '/wps/agent/team/overview'],
    ['downline', 'GET', '/wps/agent/downline'],
    ['members report', 'GET', '/wps/agent/team/members-report'],
    ['transactions', 'GET', '/wps/agent/team/transactions?username=treeplayera1'],
    ['register', 'POST', '/wps/agent/members', { username: 'notcreated1', password: 'Secret123' }],
    ['affiliate links', 'GET', '/wps/agent/affiliate-links'],
    ['new affiliate link', 'POST', '/wps/agent/affiliate-links', {}],
  ];

  it.each(endpoints)(
    '%s: refuses a member who is not an agent, and anyone without a session',
    async (...row) => {
      const [, method, url, payload] = row;
      expect((await call(callerPlayer, method, url, payload)).body).toMatchObject({
        success: false,
        code: 'NOT_AN_AGENT',
      });
      expect((await call(null, method, url, payload)).body).toMatchObject({
        success: false,
        code: 'UNAUTHORIZED',
      });
      expect(
        await testApp.database.db.select().from(members).where(eq(members.username, 'notcreated1')),
      ).toEqual([]);
    },
  );
});

describe('team overview', () => {
  it('sums the downline (every level, not the agent itself) and charts it by day', async () => {
    const { body } = await call(callerA, 'GET', '/wps/agent/team/overview');
    expect(body.success).toBe(true);
    expect(body.value).toMatchObject({
      currency: 'USD',
      teamSize: 3,
      directMembers: 2,
      newMembers: 3,
      activeMembers: 1,
      figures: {
        betCount: 1,
        validBet: '10.00',
        payout: '4.00',
        profitLoss: '-6.00',
        depositCount: 2,
        depositAmount: '150.00',
        withdrawalAmount: '0.00',
      },
    });
    const series = body.value.series as Json[];
    expect(series).toHaveLength(1);
    expect(series[0]).toMatchObject({
      newMembers: 3,
      activeMembers: 1,
      validBet: '10.00',
      depositAmount: '150.00',
    });
  });

  it('shows a sub-agent its own subtree only, and another agent none of A’s', async () => {
    expect((await call(callerSubA, 'GET', '/wps/agent/team/overview')).body.value).toMatchObject({
      teamSize: 1,
      figures: { validBet: '10.00', depositAmount: '50.00' },
    });
    expect((await call(callerB, 'GET', '/wps/agent/team/overview')).body.value).toMatchObject({
      teamSize: 1,
      figures: { validBet: '333.00', depositAmount: '777.00' },
    });
  });

  it('covers several days with a point for each and refuses backwards or over-long periods', async () => {
    const { body } = await call(
      callerA,
      'GET',
      '/wps/agent/team/overview?startDate=2020-01-30&endDate=2020-02-02',
    );
    expect((body.value.series as Json[]).map((point) => point.date)).toEqual([
      '2020-01-30',
      '2020-01-31',
      '2020-02-01',
      '2020-02-02',
    ]);
    expect(body.value).toMatchObject({ newMembers: 0, figures: { validBet: '0.00' } });
    for (const query of [
      'startDate=2020-02-02&endDate=2020-02-01',
      'startDate=2020-01-01&endDate=2020-12-31',
    ]) {
      expect((await call(callerA, 'GET', `/wps/agent/team/overview?${query}`)).body).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
      });
    }
  });
});

describe('downline list', () => {
  it('lists every level with balances, filters by level and name, never another agent’s line', async () => {
    const all = await call(callerA, 'GET', '/wps/agent/downline');
    expect(all.body.value.total).toBe(3);
    const list = all.body.value.list as Json[];
    expect(list.map((row) => [row.account, row.level, row.upline])).toEqual([
      ['treeplayera2', 2, 'treesuba'],
      ['treeplayera1', 1, 'treeagenta'],
      ['treesuba', 1, 'treeagenta'],
    ]);
    expect(list[1]).toMatchObject({ balance: '100.00', isAgent: false });
    expect(list[2]).toMatchObject({ isAgent: true, type: 1 });
    const direct = await call(callerA, 'GET', '/wps/agent/downline?level=1');
    expect((direct.body.value.list as Json[]).map((row) => row.account)).toEqual([
      'treeplayera1',
      'treesuba',
    ]);
    const named = await call(callerA, 'GET', '/wps/agent/downline?username=A2');
    expect((named.body.value.list as Json[]).map((row) => row.account)).toEqual(['treeplayera2']);
    const other = await call(callerA, 'GET', '/wps/agent/downline?username=playerb1');
    expect(other.body.value).toMatchObject({ total: 0, list: [] });
    const sub = await call(callerSubA, 'GET', '/wps/agent/downline');
    expect((sub.body.value.list as Json[]).map((row) => [row.account, row.level])).toEqual([
      ['treeplayera2', 1],
    ]);
  });
});

describe('team betting and user loss', () => {
  it('reports per member with totals, and refuses a member outside the line', async () => {
    const { body } = await call(callerA, 'GET', '/wps/agent/team/members-report');
    expect(body.value).toMatchObject({ total: 2, totals: { validBet: '10.00', depositAmount: '150.00' } });
    expect(
      (body.value.list as Json[]).map((row) => [row.account, row.level, row.validBet, row.profitLoss]),
    ).toEqual([
      ['treeplayera2', 2, '10.00', '-6.00'],
      ['treeplayera1', 1, '0.00', '0.00'],
    ]);
    const one = await call(callerA, 'GET', '/wps/agent/team/members-report?username=treeplayera1');
    expect(one.body.value).toMatchObject({ total: 1, totals: { depositAmount: '100.00' } });
    for (const username of ['treeplayerb1', 'treeagentb', 'treeagenta', 'nobodyhere']) {
      expect(
        (await call(callerA, 'GET', `/wps/agent/team/members-report?username=${username}`)).body,
      ).toMatchObject({ success: false, code: 'NOT_IN_YOUR_LINE' });
    }
    expect(
      (await call(callerSubA, 'GET', '/wps/agent/team/members-report?username=treeplayera1')).body,
    ).toMatchObject({ success: false, code: 'NOT_IN_YOUR_LINE' });
  });
});

describe('account details of a downline member', () => {
  it('lists the member’s ledger entries, and refuses another agent’s member', async () => {
    const { body } = await call(callerA, 'GET', '/wps/agent/team/transactions?username=treeplayera2');
    expect(body.value.total).toBe(3);
    expect((body.value.list as Json[]).map((row) => [row.recordType, row.amount, row.balanceAfter])).toEqual([
      ['win', '4.00', '44.00'],
      ['bet', '-10.00', '40.00'],
      ['deposit', '50.00', '50.00'],
    ]);
    for (const [caller, username] of [
      [callerA, 'treeplayerb1'],
      [callerB, 'treeplayera2'],
      [callerSubA, 'treeplayera1'],
      [callerSubA, 'treeagenta'],
    ] as const) {
      expect(
        (await call(caller, 'GET', `/wps/agent/team/transactions?username=${username}`)).body,
      ).toMatchObject({ success: false, code: 'NOT_IN_YOUR_LINE' });
    }
  });
});

describe('transfers to the downline', () => {
  it('reach any level of the agent’s own subtree and never another agent’s', async () => {
    const transfer = (caller: Caller, username: string) =>
      call(caller, 'POST', '/wps/member/transfers/downline', {
        username,
        amount: '1.00',
        paymentPassword: testPaymentPassword,
        requestId: randomUUID(),
      });
    expect((await transfer(callerA, 'treeplayera2')).body.success).toBe(true);
    expect((await transfer(callerA, 'treeplayerb1')).body).toMatchObject({ code: 'NOT_IN_YOUR_LINE' });
    expect((await transfer(callerSubA, 'treeplayera1')).body).toMatchObject({ code: 'NOT_IN_YOUR_LINE' });
    expect((await transfer(callerB, 'treeplayera2')).body).toMatchObject({ code: 'NOT_IN_YOUR_LINE' });
  });
});

describe('registerCenter and affiliate links', () => {
  it('creates a member or a sub-agent directly under the agent', async () => {
    const created = await call(callerA, 'POST', '/wps/agent/members', {
      username: 'treenew01',
      password: 'Secret123',
    });
    expect(created.body).toMatchObject({ success: true, value: { account: 'treenew01', type: 0 } });
    const sub = await call(
      callerA,
      'POST',
      '/wps/agent/members',
      { username: 'treenewagent', password: 'Secret123', isAgent: true },
      { 'user-agent': 'AgentCentreTest/1.0' },
    );
    expect(sub.body).toMatchObject({ success: true, value: { type: 1, upline: 'treeagenta' } });
    const [row] = await testApp.database.db
      .select()
      .from(members)
      .where(eq(members.username, 'treenewagent'));
    expect((await findTreePosition(testApp.database.db, row?.id ?? 0n))?.path).toBe(
      `/${agentA.id}/${row?.id}/`,
    );
    // The agent's own action in the audit trail, from where it came.
    expect(await listAuditEvents(testApp.database.db, 'member', String(row?.id))).toMatchObject([
      {
        actorType: 'agent',
        actorId: agentA.id.toString(),
        actorIp: expect.any(String) as string,
        userAgent: 'AgentCentreTest/1.0',
        action: 'agents.downline.register',
        after: { username: 'treenewagent', type: 1, upline: 'treeagenta' },
      },
    ]);
    expect(
      (await call(callerA, 'POST', '/wps/agent/members', { username: 'treenew01', password: 'Secret123' }))
        .body,
    ).toMatchObject({ success: false, code: 'USERNAME_TAKEN' });
  });

  it('gives the agent its code and new links; a sub-agent link registers agents under it', async () => {
    const listed = await call(callerB, 'GET', '/wps/agent/affiliate-links');
    const [own] = listed.body.value.links as Json[];
    expect(own).toMatchObject({ isAgentLink: false });
    expect(String(own?.url)).toContain(`/register?affiliate=${String(own?.code)}`);
    // The same code on the next call.
    expect(
      ((await call(callerB, 'GET', '/wps/agent/affiliate-links')).body.value.links as Json[])[0],
    ).toEqual(own);
    const created = await call(callerB, 'POST', '/wps/agent/affiliate-links', {
      isAgentLink: true,
      note: 'VIP',
    });
    expect(created.body).toMatchObject({ success: true, value: { isAgentLink: true, note: 'VIP' } });
    const code = String(created.body.value.code);
    // A visitor registering with the sub-agent link becomes an agent under B, in B's tree.
    const visitor = createVisitor(testApp.app, '203.0.113.77');
    const registered = await visitor.call('PUT', '/wps/member/register', {
      username: 'treeinvited',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      affiliateCode: code,
      captcha: await visitor.solveCaptcha(),
      termsAccepted: true,
      birthday: '1990-01-01',
    });
    expect(registered.statusCode).toBe(200);
    const [invited] = await testApp.database.db
      .select()
      .from(members)
      .where(eq(members.username, 'treeinvited'));
    expect(invited).toMatchObject({ type: 1, uplineId: agentB.id });
    expect((await findTreePosition(testApp.database.db, invited?.id ?? 0n))?.path).toBe(
      `/${agentB.id}/${invited?.id}/`,
    );
    const found = await findAgentByAffiliateCode(testApp.database.db, agentB.brandId, code.toLowerCase());
    expect(found).toMatchObject({ id: agentB.id, registersAgents: true });
    const ownFound = await findAgentByAffiliateCode(testApp.database.db, agentB.brandId, String(own?.code));
    expect(ownFound).toMatchObject({ id: agentB.id, registersAgents: false });
    const links = (await call(callerB, 'GET', '/wps/agent/affiliate-links')).body.value.links as Json[];
    expect(links.map((link) => link.code)).toEqual([own?.code, code]);
    // Another agent's list does not show them.
    const others = (await call(callerA, 'GET', '/wps/agent/affiliate-links')).body.value.links as Json[];
    expect(others.map((link) => link.code)).not.toContain(code);
  });
});

describe('affiliate link addresses', () => {
  const linksAt = async (headers: Record<string, string>) =>
    (await call(callerB, 'GET', '/wps/agent/affiliate-links', undefined, headers)).body.value.links as Json[];

  it('start with the origin the agent reached, port included, not https:// and the main domain', async () => {
    // A brand domain on a port that is not the scheme's default (the demo on 8080, a browser test's random port).
    const [own] = await linksAt({ host: 'localhost:43123' });
    expect(String(own?.url)).toBe(`http://localhost:43123/register?affiliate=${String(own?.code)}`);
    const created = await call(
      callerB,
      'POST',
      '/wps/agent/affiliate-links',
      {},
      { host: '127.0.0.1:43124' },
    );
    expect(String(created.body.value.url)).toMatch(/^http:\/\/127\.0\.0\.1:43124\/register\?affiliate=/);
  });

  it('follow a trusted proxy’s X-Forwarded-Proto and -Host', async () => {
    // The test requests come from 127.0.0.1, which TRUSTED_PROXIES (loopback) trusts.
    const [own] = await linksAt({
      host: '127.0.0.1:8080',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'localhost:8443',
    });
    expect(String(own?.url)).toMatch(/^https:\/\/localhost:8443\/register\?affiliate=/);
  });
});

describe('operator: move a member between agents', () => {
  const move = (caller: Caller | null, username: string, newUpline: string | null) =>
    call(
      caller,
      'POST',
      '/wps/backoffice/agents/move-member',
      { username, newUpline, reason: 'Agent asked for it' },
      { 'x-merchant-code': 'DEMO' },
    );

  it('moves a member with its subtree, audited, and refuses a cycle and non-staff', async () => {
    expect((await move(callerA, 'treesuba', 'treeagentb')).body).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await move(staff, 'treeagenta', 'treesuba')).body).toMatchObject({ code: 'AGENT_TREE_CYCLE' });
    expect((await move(staff, 'treesuba', 'treeplayerb1')).body).toMatchObject({ code: 'NOT_AN_AGENT' });
    const moved = await move(staff, 'treesuba', 'treeagentb');
    expect(moved.body).toMatchObject({
      success: true,
      value: { account: 'treesuba', previousUpline: 'treeagenta', newUpline: 'treeagentb', movedMembers: 2 },
    });
    expect((await findTreePosition(testApp.database.db, playerA2.id))?.path).toBe(
      `/${agentB.id}/${subA.id}/${playerA2.id}/`,
    );
    const audit = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'agents.member.move'), eq(auditEvents.entityId, subA.id.toString())));
    expect(audit).toHaveLength(1);
    // Reports follow the tree: B now sees A2's play, A no longer.
    expect((await call(callerB, 'GET', '/wps/agent/team/overview')).body.value).toMatchObject({
      // playerB1, the invited sub-agent, and now subA with playerA2.
      teamSize: 4,
      figures: { validBet: '343.00' },
    });
    expect(
      (await call(callerA, 'GET', '/wps/agent/team/transactions?username=treeplayera2')).body,
    ).toMatchObject({ code: 'NOT_IN_YOUR_LINE' });
    expect((await move(staff, 'treesuba', 'treeagenta')).body.success).toBe(true);
  });
});
