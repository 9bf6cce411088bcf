import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, loginAsOperator, type TestApp } from '../../testing/test-app';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';

type Envelope = { success: boolean; code?: string; value: Record<string, unknown> };

describe('agent contract endpoints', () => {
  let testApp: TestApp;
  const headers: Record<string, { authorization: string }> = {};
  const names: Record<string, string> = {};

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    const create = async (key: string, type: number, uplineId: bigint | null) => {
      const username = `${key}${randomUUID().slice(0, 6)}`;
      const [brand] = await db.select().from(brands).where(eq(brands.merchantCode, 'DEMO'));
      if (!brand) throw new Error('no brand');
      const [row] = await db
        .insert(members)
        .values({ brandId: brand.id, username, nickname: key, type, uplineId })
        .returning();
      if (!row) throw new Error('no member');
      names[key] = username;
      headers[key] = { authorization: (await loginAsMember(testApp, username)).authorization };
      return row;
    };
    const top = await create('top', 1, null);
    const middle = await create('middle', 1, top.id);
    await create('other', 1, null);
    await create('player', 0, middle.id);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const call = async (
    who: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ): Promise<Envelope> =>
    (
      await testApp.app.inject({
        method,
        url,
        headers: headers[who] ?? {},
        ...(payload ? { payload } : {}),
      })
    ).json();

  it('runs a daily salary contract from offer to a pay record both sides see', async () => {
    const offer = await call('top', 'POST', '/wps/relay/MCS2_processDailySalContract', {
      action: 'OFFER',
      downline: names.middle,
      tiers: [{ minFigure: '0', minActiveMembers: 0, rateBasisPoints: 100 }],
    });
    expect(offer).toMatchObject({
      success: true,
      value: { contract: { status: 'PENDING', kind: 'DAILY_SALARY' } },
    });
    const contractId = (offer.value.contract as { id: string }).id;

    const popup = await call('middle', 'GET', '/wps/agent/contracts/popup');
    expect(popup.value.items).toMatchObject([{ request: 'NEW', contract: { id: contractId } }]);
    const info = await call('middle', 'GET', '/wps/agent/contracts/consolidated');
    expect(info.value).toMatchObject({ enabled: true, dailysalreqtype: 1 });

    // Outsiders: another agent cannot see or act on it; the upline cannot accept its own offer.
    expect(
      await call('other', 'POST', '/wps/relay/MCS2_processDailySalContract', {
        action: 'ACCEPT',
        contractId,
      }),
    ).toMatchObject({ success: false, code: 'CONTRACT_NOT_FOUND' });
    expect(
      await call('top', 'POST', '/wps/relay/MCS2_processDailySalContract', { action: 'ACCEPT', contractId }),
    ).toMatchObject({ success: false, code: 'CONTRACT_STATE_CHANGED' });
    expect(await call('other', 'GET', `/wps/agent/contracts/${contractId}/preview`)).toMatchObject({
      code: 'CONTRACT_NOT_FOUND',
    });
    expect(
      await call('player', 'POST', '/wps/relay/MCS2_processDailySalContract', {
        action: 'ACCEPT',
        contractId,
      }),
    ).toMatchObject({ code: 'NOT_AN_AGENT' });

    const accepted = await call('middle', 'POST', '/wps/relay/MCS2_processDailySalContract', {
      action: 'ACCEPT',
      contractId,
    });
    expect(accepted.value.contract).toMatchObject({ status: 'ACTIVE' });
    const overview = await call('middle', 'GET', '/wps/relay/MCS2_processDailySalContract');
    expect(overview.value).toMatchObject({ kind: 'DAILY_SALARY', enabled: true });
    expect(await call('middle', 'GET', `/wps/agent/contracts/${contractId}/preview`)).toMatchObject({
      success: true,
      value: { amount: '0.00' },
    });

    const operator = await loginAsOperator(testApp.app);
    const asOf = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const run = await testApp.app.inject({
      method: 'POST',
      url: '/wps/backoffice/agent-contracts/settlement/run',
      headers: operator,
      payload: { asOf },
    });
    expect(run.json()).toMatchObject({ success: true });
    const mine = await call('middle', 'GET', `/wps/agent/contracts/payments?contractId=${contractId}`);
    const theirs = await call(
      'top',
      'GET',
      `/wps/agent/contracts/payments?role=UPLINE&contractId=${contractId}`,
    );
    expect((mine.value.list as unknown[]).length).toBeGreaterThanOrEqual(1);
    expect(theirs.value.totalCount).toBe(mine.value.totalCount);
    expect(
      await call('other', 'GET', `/wps/agent/contracts/payments?contractId=${contractId}`),
    ).toMatchObject({
      value: { totalCount: 0 },
    });
    const listed = await call('top', 'GET', '/wps/agent/contracts?role=UPLINE');
    expect(listed.value).toMatchObject({ totalCount: 1 });
  });

  it('refuses a malformed action and a member who is not logged in', async () => {
    expect(
      await call('top', 'POST', '/wps/relay/MCSFE_processRealTimeSalaryContract', {
        action: 'OFFER',
        downline: 'x',
      }),
    ).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(
      await call('top', 'POST', '/wps/relay/MCS2_processDividendReq', {
        action: 'OFFER',
        downline: names.middle,
        period: 'HOURLY',
        tiers: [{ minFigure: '0', minActiveMembers: 0, rateBasisPoints: 100 }],
      }),
    ).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(await call('nobody', 'GET', '/wps/agent/contracts/consolidated')).toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});
