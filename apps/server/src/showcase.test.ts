import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAgent, demoPlayer, demoSubAgent } from './modules/members/members.seed';
import { seedShowcase } from './showcase';
import { createTestApp, loginAsMember, loginAsOperator, type TestApp } from './testing/test-app';

type Listing = { success: boolean; value: { list: { account?: string }[]; total: number } };

/**
 * The demo data `npm start` adds so every agent and member page has something on the first start: the demo
 * agent's sub-agent with accepted contracts, the demo player's bets in the agent's report and in the
 * player's betting records. Seeded twice, as two starts would: the second adds nothing.
 */
describe('the showcase demo data', { timeout: 60_000 }, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedShowcase(testApp.app, testApp.database.db);
    await seedShowcase(testApp.app, testApp.database.db);
  });
  afterAll(() => testApp.close());

  const get = async <T>(username: string, url: string): Promise<T> => {
    const { authorization } = await loginAsMember(testApp, username);
    return (await testApp.app.inject({ url, headers: { authorization } })).json<T>();
  };

  it("shows the sub-agent in the agent's downline and the player's bets in the agent's report", async () => {
    const downline = await get<Listing>(demoAgent.username, '/wps/agent/downline');
    expect(downline.value.list.map((member) => member.account)).toContain(demoSubAgent.username);

    const report = await get<{ value: { list: { account: string; validBet: string }[] } }>(
      demoAgent.username,
      '/wps/agent/team/members-report',
    );
    const playerRow = report.value.list.find((row) => row.account === demoPlayer.username);
    expect(Number(playerRow?.validBet)).toBeGreaterThan(0);
  });

  it('gives the sub-agent an accepted daily, hourly and real-time salary contract, once', async () => {
    const contracts = await get<{ value: { list: { kind: string; status: string }[] } }>(
      demoSubAgent.username,
      '/wps/agent/contracts',
    );
    expect(contracts.value.list.map(({ kind, status }) => `${kind} ${status}`).sort()).toEqual([
      'DAILY_SALARY ACTIVE',
      'HOURLY_SALARY ACTIVE',
      'REALTIME_SALARY ACTIVE',
    ]);
  });

  it("pays the sub-agent's hourly salary on its player's bets when the hour closes", async () => {
    // The settlement job runs when the hour closes; the operator's run (with a pretend time, allowed in
    // tests) does the same now.
    const operator = await loginAsOperator(testApp.app);
    const asOf = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const run = await testApp.app.inject({
      method: 'POST',
      url: '/wps/backoffice/agent-contracts/settlement/run',
      headers: operator,
      payload: { asOf },
    });
    expect(run.json()).toMatchObject({ success: true });
    const payments = await get<{ value: { list: { kind: string; amount: string; status: string }[] } }>(
      demoSubAgent.username,
      '/wps/agent/contracts/payments?kind=HOURLY_SALARY',
    );
    const paid = payments.value.list.filter((payment) => payment.status === 'PAID');
    expect(paid.reduce((sum, payment) => sum + Number(payment.amount), 0)).toBeGreaterThan(0);
  });

  it("fills the player's betting records across product lines, once", async () => {
    const records = await get<{
      value: { list: { productLine: string }[]; total: number };
    }>(demoPlayer.username, '/wps/member/betting-records');
    // Six slot spins and two lottery tickets.
    expect(records.value.total).toBe(8);
    expect(new Set(records.value.list.map((round) => round.productLine)).size).toBeGreaterThanOrEqual(2);
    const lottery = await get<{ value: { total: number } }>(demoPlayer.username, '/wps/lottery/bets');
    expect(lottery.value.total).toBe(2);
  });
});
