import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobScheduler, type JobScheduler } from '../../jobs/scheduler';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { recordAuditEvent } from '../audit/audit.service';
import type { MemberRow } from '../members/members.service';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';
import { agentContracts } from './contracts.tables';

type Envelope<T = Record<string, unknown>> = { success: boolean; code?: string; value: T };
type Node = {
  account: string;
  isAgent: boolean;
  upline: string | null;
  balance: string;
  directMembers: number;
  directAgents: number;
  downlineSize: number;
};
type Listed<T> = { list: T[]; totalCount: number; totalPages: number };

const merchantCode = 'AGENTCONSOLE';
const agent = 1;
const player = 0;
const day = '2025-06-01T00:00:00.000Z';
const asOf = '2025-06-02T01:00:00.000Z';

/** Jobs registered without their timers: settlement runs here only when a test starts one. */
const manualScheduler = (): JobScheduler => {
  const scheduler = createJobScheduler({ error: () => undefined });
  return {
    ...scheduler,
    every: (name, _intervalMs, run) => {
      scheduler.every(name, 0, run);
    },
  };
};

/** Issue 25 item 6: the console's Agents section reads the brand's tree, contracts, pay records and runs. */
describe('operator: agents console', () => {
  let testApp: TestApp;
  let headers: Record<string, string>;
  let brandId: bigint;
  const tree: Record<string, MemberRow> = {};
  const contractIds: Record<string, string> = {};

  const get = async <T = Record<string, unknown>>(url: string, as: Record<string, string> = headers) =>
    (await testApp.app.inject({ method: 'GET', url: `/wps/backoffice${url}`, headers: as })).json<
      Envelope<T>
    >();
  const post = async (url: string, payload: object, as: Record<string, string> = headers) =>
    (
      await testApp.app.inject({ method: 'POST', url: `/wps/backoffice${url}`, headers: as, payload })
    ).json<Envelope>();

  const addMember = async (key: string, type: number, upline: string | null) => {
    const [row] = await testApp.database.db
      .insert(members)
      .values({
        brandId,
        username: `${key}${randomUUID().slice(0, 6)}`,
        nickname: key,
        type,
        uplineId: upline === null ? null : (tree[upline]?.id ?? null),
      })
      .returning();
    if (!row) throw new Error('member not created');
    tree[key] = row;
  };
  const name = (key: string) => tree[key]?.username ?? '';

  const fund = async (key: string, amount: bigint) => {
    const member = tree[key];
    if (!member) throw new Error(`no member ${key}`);
    const { ledger, wallet } = testApp.app.wallet;
    const cash = await wallet.cashAccount(member, 'USD');
    const adjustment = await ledger.ensureSystemAccount(brandId, 'adjustment', 'USD');
    await ledger.post({
      brandId,
      idempotencyKey: `test-fund:${randomUUID()}`,
      kind: 'adjustment',
      legs: [
        { accountId: adjustment.id, amount: -amount },
        { accountId: cash.id, amount },
      ],
    });
  };

  /** A contract as the relay endpoints would have left it (offered, and accepted when active). */
  const addContract = async (key: string, kind: string, period: string, upline: string, downline: string) => {
    const isPending = key === 'pending';
    const [row] = await testApp.database.db
      .insert(agentContracts)
      .values({
        brandId,
        kind,
        period,
        uplineId: tree[upline]?.id ?? 0n,
        downlineId: tree[downline]?.id ?? 0n,
        currency: 'USD',
        tiers: [{ minFigure: '0', minActiveMembers: 0, rateBasisPoints: 100 }],
        rateBasisPoints: 100,
        status: isPending ? 'pending' : 'active',
        offeredAt: new Date(day),
        respondedAt: isPending ? null : new Date(day),
        effectiveFrom: isPending ? null : new Date(day),
        settledThrough: isPending ? null : new Date(day),
        offeredBy: `member:${tree[upline]?.id ?? 0n}`,
      })
      .returning({ id: agentContracts.id });
    if (!row) throw new Error('contract not created');
    contractIds[key] = row.id.toString();
  };

  /** A member's valid bet on the contracts' day, in both roll-ups. */
  const addValidBet = async (key: string, validBet: bigint) => {
    const memberId = tree[key]?.id ?? 0n;
    await testApp.database.db.execute(sql`
      insert into member_figures_hourly (member_id, brand_id, hour_start, bet_count, bet_amount, valid_bet)
      values (${memberId}, ${brandId}, '2025-06-01T10:00:00Z', 1, ${validBet}, ${validBet})`);
    await testApp.database.db.execute(sql`
      insert into member_figures_daily (member_id, brand_id, day, bet_count, bet_amount, valid_bet)
      values (${memberId}, ${brandId}, '2025-06-01', 1, ${validBet}, ${validBet})`);
  };

  beforeAll(async () => {
    testApp = await createTestApp({}, { scheduler: manualScheduler() });
    const { db } = testApp.database;
    const [demo] = await db.select().from(brands).where(eq(brands.merchantCode, 'DEMO'));
    if (!demo) throw new Error('no demo brand');
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = demo;
    const [created] = await db
      .insert(brands)
      .values({ ...rest, merchantCode, currency: 'USD', timeZone: 'UTC' })
      .returning({ id: brands.id });
    if (!created) throw new Error('brand not created');
    brandId = created.id;
    // top ─┬─ sub ── leaf        other ── otherSub ── otherLeaf        loner (a player without an agent)
    //      └─ player
    await addMember('top', agent, null);
    await addMember('sub', agent, 'top');
    await addMember('player', player, 'top');
    await addMember('leaf', player, 'sub');
    await addMember('other', agent, null);
    await addMember('otherSub', agent, 'other');
    await addMember('otherLeaf', player, 'otherSub');
    await addMember('loner', player, null);
    await fund('top', 2_500n);
    headers = await operatorHeaders(testApp.app, merchantCode);
  }, 180_000);
  afterAll(() => testApp.close());

  describe('the agent tree', () => {
    it("lists the brand's top agents with their direct members, sub-agents, downline and balance", async () => {
      const answer = await get<Listed<Node> & { currency: string }>('/agents/tree');
      expect(answer.value.currency).toBe('USD');
      expect(answer.value.list.map((node) => node.account).sort()).toEqual(
        [name('other'), name('top')].sort(),
      );
      expect(answer.value.list.find((node) => node.account === name('top'))).toMatchObject({
        isAgent: true,
        upline: null,
        balance: '25.00',
        directMembers: 1,
        directAgents: 1,
        downlineSize: 3,
      });
    });

    it("opens a member's direct downline, agents first, paged", async () => {
      const children = await get<Listed<Node>>(`/agents/tree?parent=${name('top')}`);
      expect(children.value.list.map((node) => [node.account, node.isAgent])).toEqual([
        [name('sub'), true],
        [name('player'), false],
      ]);
      expect(children.value.list[0]).toMatchObject({
        upline: name('top'),
        directMembers: 1,
        downlineSize: 1,
      });
      const paged = await get<Listed<Node>>(`/agents/tree?parent=${name('top')}&pageSize=1&pageNo=2`);
      expect(paged.value).toMatchObject({ totalCount: 2, totalPages: 2 });
      expect(paged.value.list.map((node) => node.account)).toEqual([name('player')]);
      expect(await get('/agents/tree?parent=nobody-here')).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
      });
    });

    it('finds a member by username with its line from the top', async () => {
      const found = await get<{ path: Node[] }>(`/agents/tree/locate?username=${name('leaf').toUpperCase()}`);
      expect(found.value.path.map((node) => node.account)).toEqual([name('top'), name('sub'), name('leaf')]);
      const alone = await get<{ path: Node[] }>(`/agents/tree/locate?username=${name('loner')}`);
      expect(alone.value.path.map((node) => node.account)).toEqual([name('loner')]);
      // Another brand's members are not found from this one.
      const elsewhere = await get(
        `/agents/tree/locate?username=${name('leaf')}`,
        await operatorHeaders(testApp.app),
      );
      expect(elsewhere).toMatchObject({ success: false, code: 'NOT_FOUND' });
    });

    it('moves a sub-agent with its downline, and refuses a cycle or an upline that is no agent', async () => {
      const moved = await post('/agents/move-member', {
        username: name('otherSub'),
        newUpline: name('top'),
        reason: 'Agreed with both agents',
      });
      expect(moved).toMatchObject({
        success: true,
        value: { previousUpline: name('other'), newUpline: name('top'), movedMembers: 2 },
      });
      const found = await get<{ path: Node[] }>(`/agents/tree/locate?username=${name('otherLeaf')}`);
      expect(found.value.path.map((node) => node.account)).toEqual([
        name('top'),
        name('otherSub'),
        name('otherLeaf'),
      ]);
      const move = (username: string, newUpline: string) =>
        post('/agents/move-member', { username, newUpline, reason: 'Testing the rules' });
      expect(await move(name('top'), name('otherSub'))).toMatchObject({ code: 'AGENT_TREE_CYCLE' });
      expect(await move(name('other'), name('leaf'))).toMatchObject({ code: 'NOT_AN_AGENT' });
      // Back where it was, for the tests after this one.
      expect(await move(name('otherSub'), name('other'))).toMatchObject({ success: true });
    });
  });

  describe('contracts, pay records and settlement runs', () => {
    beforeAll(async () => {
      await addContract('daily', 'daily_salary', 'daily', 'top', 'sub');
      await addContract('pending', 'dividend', 'weekly', 'top', 'sub');
      await addContract('unfunded', 'daily_salary', 'daily', 'other', 'otherSub');
      await addValidBet('leaf', 100_000n);
      await addValidBet('otherLeaf', 100_000n);
      const { db } = testApp.database;
      const topActor = { type: 'agent' as const, id: tree.top?.id.toString() ?? '' };
      const subActor = { type: 'agent' as const, id: tree.sub?.id.toString() ?? '' };
      const entityId = contractIds.daily ?? '';
      await recordAuditEvent(db, {
        actor: topActor,
        action: 'agents.contract.offer',
        entityType: 'agent_contract',
        entityId,
        after: { status: 'pending' },
      });
      await recordAuditEvent(db, {
        actor: subActor,
        action: 'agents.contract.accept',
        entityType: 'agent_contract',
        entityId,
        before: { status: 'pending' },
        after: { status: 'active' },
      });
    });

    it("lists the brand's contracts by kind, status, upline and downline, paged", async () => {
      const accounts = async (query: string) =>
        (await get<Listed<{ id: string }>>(`/agent-contracts?${query}`)).value.list.map(
          (contract) => contract.id,
        );
      const { daily = '', pending = '', unfunded = '' } = contractIds;
      expect(await accounts('')).toEqual([unfunded, pending, daily]);
      expect(await accounts('kind=DAILY_SALARY')).toEqual([unfunded, daily]);
      expect(await accounts('status=PENDING')).toEqual([pending]);
      expect(await accounts(`upline=${name('other')}`)).toEqual([unfunded]);
      expect(await accounts(`downline=${name('sub')}&kind=DIVIDEND`)).toEqual([pending]);
      expect(await accounts('upline=nobody-here')).toEqual([]);
      const paged = await get<Listed<unknown>>('/agent-contracts?pageSize=1');
      expect(paged.value).toMatchObject({ totalCount: 3, totalPages: 3 });
      // Another brand's list does not hold them.
      const elsewhere = await get<Listed<{ id: string }>>(
        '/agent-contracts',
        await operatorHeaders(testApp.app),
      );
      expect(elsewhere.value.list.map((contract) => contract.id)).not.toContain(daily);
    });

    it('opens a contract with its terms and history, only in its brand', async () => {
      const detail = await get<{ contract: Record<string, unknown>; history: unknown[] }>(
        `/agent-contracts/${contractIds.daily ?? ''}`,
      );
      expect(detail.value.contract).toMatchObject({
        kind: 'DAILY_SALARY',
        status: 'ACTIVE',
        upline: { account: name('top') },
        downline: { account: name('sub') },
        tiers: [{ minFigure: '0.00', minActiveMembers: 0, rateBasisPoints: 100 }],
      });
      expect(detail.value.contract).not.toHaveProperty('myRole');
      expect(detail.value.history).toMatchObject([
        { action: 'agents.contract.offer', actorType: 'agent', actor: name('top'), status: 'pending' },
        { action: 'agents.contract.accept', actor: name('sub'), status: 'active' },
      ]);
      expect(
        await get(`/agent-contracts/${contractIds.daily ?? ''}`, await operatorHeaders(testApp.app)),
      ).toMatchObject({ success: false, code: 'CONTRACT_NOT_FOUND' });
    });

    it('keeps each run started from the console, with the brand’s paid and unpaid records and their totals', async () => {
      type Run = Record<string, unknown> & { id: string };
      expect(await post('/agent-contracts/settlement/run', { asOf })).toMatchObject({
        success: true,
        value: { paid: 1, unpaid: 1 },
      });
      const afterFirst = await get<{ totals: object; list: Array<{ status: string }>; totalCount: number }>(
        '/agent-contracts/payments',
      );
      expect(afterFirst.value).toMatchObject({
        totalCount: 2,
        totals: { amount: '20.00', paid: '10.00', unpaid: '10.00' },
      });
      const unpaid = await get<Listed<{ contractId: string; upline: { account: string } }>>(
        '/agent-contracts/payments?status=UNPAID',
      );
      expect(unpaid.value.list).toMatchObject([
        { contractId: contractIds.unfunded, upline: { account: name('other') } },
      ]);

      // The upline has the money now: the next run pays the record the first one left unpaid.
      await fund('other', 5_000n);
      expect(await post('/agent-contracts/settlement/run', { asOf })).toMatchObject({
        value: { settledPeriods: 0, retriedPaid: 1 },
      });
      const runs = await get<Listed<Run> & { currency: string }>('/agent-contracts/settlement/runs');
      const [second, first] = runs.value.list;
      expect(runs.value.totalCount).toBe(2);
      expect(first).toMatchObject({
        trigger: 'STAFF',
        startedBy: 'operator',
        asOf,
        status: 'FINISHED',
        paidCount: 1,
        unpaidCount: 1,
        zeroCount: 0,
        paidAmount: '10.00',
        unpaidAmount: '10.00',
        totalAmount: '20.00',
      });
      expect(second).toMatchObject({
        paidCount: 1,
        unpaidCount: 0,
        paidAmount: '10.00',
        totalAmount: '10.00',
      });
      // Another brand sees the same runs, with none of this brand's records.
      const elsewhere = await get<Listed<Run>>(
        '/agent-contracts/settlement/runs',
        await operatorHeaders(testApp.app),
      );
      expect(elsewhere.value.list.find((run) => run.id === first?.id)).toMatchObject({
        paidCount: 0,
        unpaidCount: 0,
        totalAmount: '0.00',
      });

      const payments = async (query: string) =>
        (await get<Listed<{ contractId: string }> & { totals: object }>(`/agent-contracts/payments?${query}`))
          .value;
      expect(await payments('')).toMatchObject({
        totals: { amount: '20.00', paid: '20.00', unpaid: '0.00' },
      });
      expect((await payments(`runId=${first?.id ?? ''}`)).totalCount).toBe(2);
      expect((await payments(`runId=${second?.id ?? ''}`)).list).toMatchObject([
        { contractId: contractIds.unfunded },
      ]);
      expect((await payments(`upline=${name('top')}`)).list).toMatchObject([
        { contractId: contractIds.daily },
      ]);
      expect((await payments(`downline=${name('otherSub')}&kind=DAILY_SALARY`)).totalCount).toBe(1);
      expect((await payments('fromDate=2025-06-01&toDate=2025-06-01')).totalCount).toBe(2);
      expect((await payments('fromDate=2025-06-02')).totalCount).toBe(0);
      expect((await payments('toDate=2025-05-31')).totalCount).toBe(0);
      expect((await payments('upline=nobody-here')).totals).toEqual({
        amount: '0.00',
        paid: '0.00',
        unpaid: '0.00',
      });
    });
  });

  describe('permissions', () => {
    it('needs agents.view to read, and keeps moving and settling to their own permissions', async () => {
      const content = await createStaff(
        testApp.app,
        { role: 'content', username: 'agents-content' },
        merchantCode,
      );
      for (const url of [
        '/agents/tree',
        `/agents/tree/locate?username=${name('top')}`,
        '/agent-contracts',
        '/agent-contracts/payments',
        '/agent-contracts/settlement/runs',
        `/agent-contracts/${contractIds.daily ?? '1'}`,
      ]) {
        expect([url, await get(url, content)]).toMatchObject([url, { success: false, code: 'FORBIDDEN' }]);
      }
      const finance = await createStaff(
        testApp.app,
        { role: 'finance', username: 'agents-finance' },
        merchantCode,
      );
      expect(await get('/agents/tree', finance)).toMatchObject({ success: true });
      expect(
        await post(
          '/agents/move-member',
          { username: name('leaf'), newUpline: name('top'), reason: 'Not allowed' },
          finance,
        ),
      ).toMatchObject({ code: 'FORBIDDEN' });
      expect(await post('/agent-contracts/settlement/run', {}, finance)).toMatchObject({ code: 'FORBIDDEN' });
      const support = await createStaff(
        testApp.app,
        { role: 'support', username: 'agents-support' },
        merchantCode,
      );
      expect(await get('/agent-contracts', support)).toMatchObject({ success: true });
    });
  });
});
