import type { AmlFlag, AmlFlagDetail, AmlSettings } from '@wps/contracts/aml';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, type TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import { members } from '../members/members.tables';
import { envelopeOf, type TestMember } from '../payments/withdrawals.test-helpers';
import { type AmlFixture, createAmlFixture } from './aml.test-helpers';

/**
 * The console's risk queue: the flags paged on the server, one flag's evidence, and staff's decisions (clear,
 * restrict, close, report), each with a reason, audited, refused without aml.review; and the brand's thresholds.
 */
describe('AML risk queue (operator API)', () => {
  let testApp: TestApp;
  let fx: AmlFixture;
  let flagged: TestMember[];

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, authorization?: string) =>
    fx.call(authorization ?? fx.staff.authorization, method, `/backoffice${url}`, payload);

  const openLargeDeposits = async (): Promise<AmlFlag[]> => {
    const response = await call('GET', '/aml/flags?rule=large_deposit&pageSize=100');
    return envelopeOf<{ list: AmlFlag[] }>(response).value.list;
  };
  const flagIdOf = async (member: TestMember): Promise<string> => {
    const [flag] = await fx.flagsOf(member.id, 'large_deposit');
    if (!flag) throw new Error(`no flag for ${member.username}`);
    return flag.id.toString();
  };
  const auditOfFlag = (id: string) =>
    testApp.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'aml_flag'), eq(auditEvents.entityId, id)));
  const statusOf = async (member: TestMember) =>
    (await testApp.database.db.select().from(members).where(eq(members.id, member.id)))[0]?.status;

  beforeAll(async () => {
    testApp = await createTestApp();
    fx = await createAmlFixture(testApp);
    await fx.setRules({ largeDeposit: '500.00' });
    flagged = [];
    for (let index = 0; index < 5; index += 1) {
      const member = await fx.createMember();
      await fx.deposit(member, '600.00');
      flagged.push(member);
    }
    await fx.fold();
  });
  afterAll(() => testApp.close());

  it('lists the open flags newest first, a page at a time, by rule', async () => {
    const first = envelopeOf<{ list: AmlFlag[]; total: number; totalPages: number }>(
      await call('GET', '/aml/flags?rule=large_deposit&pageSize=2'),
    ).value;
    expect(first.total).toBe(5);
    expect(first.totalPages).toBe(3);
    expect(first.list.map((flag) => flag.member.username)).toEqual(
      [flagged[4], flagged[3]].map((member) => member?.username),
    );
    expect(first.list[0]).toMatchObject({
      rule: 'large_deposit',
      status: 'open',
      amount: '600.00',
      currency: 'USD',
    });
    const third = envelopeOf<{ list: AmlFlag[] }>(
      await call('GET', '/aml/flags?rule=large_deposit&pageSize=2&pageNo=3'),
    ).value;
    expect(third.list.map((flag) => flag.member.username)).toEqual([flagged[0]?.username]);
    const other = envelopeOf<{ list: AmlFlag[] }>(await call('GET', '/aml/flags?rule=shared_device')).value;
    expect(other.list).toEqual([]);
  });

  it('shows a flag with its evidence and the ledger movement behind it', async () => {
    const member = flagged[0];
    if (!member) throw new Error('no member');
    const detail = envelopeOf<AmlFlagDetail>(await call('GET', `/aml/flags/${await flagIdOf(member)}`)).value;
    expect(detail).toMatchObject({
      rule: 'large_deposit',
      member: { id: member.id.toString(), username: member.username, status: 'active' },
      evidence: { amount: '600.00', threshold: '500.00', deposits: null, sharedValue: null },
      decision: null,
    });
    expect(detail.movements).toEqual([
      expect.objectContaining({ kind: 'deposit', amount: '600.00', counterpart: null }),
    ]);
    expect(detail.movements[0]?.reference).toMatch(/^deposit:\d+$/);
  });

  it('clears a flag with a reason: out of the queue, audited, and not decided twice', async () => {
    const member = flagged[1];
    if (!member) throw new Error('no member');
    const id = await flagIdOf(member);
    const missing = await call('POST', `/aml/flags/${id}/clear`, {});
    expect(envelopeOf(missing)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });

    const cleared = await call('POST', `/aml/flags/${id}/clear`, { reason: 'Salary deposit, documented' });
    expect(envelopeOf<AmlFlagDetail>(cleared).value).toMatchObject({
      status: 'cleared',
      decision: { reason: 'Salary deposit, documented', reportReference: null, staffUsername: 'operator' },
    });
    expect((await openLargeDeposits()).map((flag) => flag.id)).not.toContain(id);
    const all = envelopeOf<{ list: AmlFlag[] }>(
      await call('GET', '/aml/flags?status=all&pageSize=100'),
    ).value;
    expect(all.list.find((flag) => flag.id === id)?.status).toBe('cleared');
    expect(await statusOf(member)).toBe('active');
    expect((await auditOfFlag(id)).map((event) => [event.action, event.before, event.after])).toEqual([
      [
        'aml.flag.clear',
        { status: 'open' },
        {
          status: 'cleared',
          reason: 'Salary deposit, documented',
          memberId: member.id.toString(),
          rule: 'large_deposit',
        },
      ],
    ]);

    const again = await call('POST', `/aml/flags/${id}/restrict`, { reason: 'Second thoughts' });
    expect(envelopeOf(again)).toMatchObject({ success: false, code: 'ALREADY_PROCESSED' });
    expect(await statusOf(member)).toBe('active');
  });

  it('restricts (locks the member through the members status change) and then closes the account', async () => {
    const member = flagged[2];
    if (!member) throw new Error('no member');
    const id = await flagIdOf(member);
    const restricted = await call('POST', `/aml/flags/${id}/restrict`, { reason: 'Source of funds asked' });
    expect(envelopeOf<AmlFlagDetail>(restricted).value).toMatchObject({
      status: 'restricted',
      member: { status: 'locked' },
    });
    expect(await statusOf(member)).toBe('locked');
    // The member's sessions ended with the status change.
    const balance = await fx.call(member.authorization, 'GET', '/member/records/transactions');
    expect(envelopeOf(balance).success).toBe(false);
    const memberAudit = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'member'), eq(auditEvents.entityId, member.id.toString())));
    expect(memberAudit.map((event) => [event.action, event.after])).toContainEqual([
      'member.status.change',
      expect.objectContaining({ status: 'locked', reason: `AML flag #${id}: Source of funds asked` }),
    ]);

    const closed = await call('POST', `/aml/flags/${id}/close`, { reason: 'No answer in 30 days' });
    expect(envelopeOf<AmlFlagDetail>(closed).value).toMatchObject({
      status: 'closed',
      member: { status: 'closed' },
    });
    expect(await statusOf(member)).toBe('closed');
    expect((await auditOfFlag(id)).map((event) => event.action).sort()).toEqual([
      'aml.flag.close',
      'aml.flag.restrict',
    ]);
  });

  it('reports a flag only with the reference of the report filed', async () => {
    const member = flagged[3];
    if (!member) throw new Error('no member');
    const id = await flagIdOf(member);
    const bare = await call('POST', `/aml/flags/${id}/report`, { reason: 'Structuring suspected' });
    expect(envelopeOf(bare)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });

    const reported = await call('POST', `/aml/flags/${id}/report`, {
      reason: 'Structuring suspected',
      reportReference: 'SAR-2026-0042',
    });
    expect(envelopeOf<AmlFlagDetail>(reported).value).toMatchObject({
      status: 'reported',
      member: { status: 'active' },
      decision: { reportReference: 'SAR-2026-0042' },
    });
    expect((await auditOfFlag(id)).map((event) => [event.action, event.after])).toEqual([
      ['aml.flag.report', expect.objectContaining({ reportReference: 'SAR-2026-0042' })],
    ]);
  });

  it('refuses staff without aml.review (support), and lets risk staff decide', async () => {
    const member = flagged[4];
    if (!member) throw new Error('no member');
    const id = await flagIdOf(member);
    const support = await createStaff(testApp.app, { role: 'support', username: 'aml-support' });
    for (const [method, url, payload] of [
      ['GET', '/aml/flags', undefined],
      ['GET', `/aml/flags/${id}`, undefined],
      ['POST', `/aml/flags/${id}/clear`, { reason: 'Not mine to clear' }],
      ['GET', '/aml/settings', undefined],
    ] as const) {
      const refused = await call(method, url, payload, support.authorization);
      expect([url, refused.statusCode, envelopeOf(refused).code]).toEqual([url, 403, 'FORBIDDEN']);
    }
    expect((await fx.flagsOf(member.id, 'large_deposit'))[0]?.status).toBe('open');

    const risk = await createStaff(testApp.app, { role: 'risk', username: 'aml-risk' });
    const cleared = await call(
      'POST',
      `/aml/flags/${id}/clear`,
      { reason: 'Known player' },
      risk.authorization,
    );
    expect(envelopeOf<AmlFlagDetail>(cleared).value).toMatchObject({
      status: 'cleared',
      decision: { staffUsername: 'aml-risk' },
    });
  });

  it('keeps the brand’s thresholds, audited, and refuses an amount the currency cannot hold', async () => {
    const before = envelopeOf<AmlSettings>(await call('GET', '/aml/settings')).value;
    expect(before).toMatchObject({
      currency: 'USD',
      largeDeposit: '500.00',
      littlePlayPercent: 30,
      isDefault: false,
    });
    const body = {
      largeDeposit: '2500.00',
      largeWithdrawal: '2000.00',
      littlePlayPercent: 50,
      sharedAccountsMin: 4,
      transferWindowMinutes: 30,
      transferCountMin: 5,
      transferAmountMin: '9000.00',
    };
    const saved = envelopeOf<AmlSettings>(await call('PUT', '/aml/settings', body)).value;
    expect(saved).toEqual({ ...body, currency: 'USD', isDefault: false });
    const audit = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'aml.settings.update'));
    expect(audit.at(-1)?.after).toEqual({ ...body, currency: 'USD' });
    expect((audit.at(-1)?.before as { largeDeposit?: string } | null)?.largeDeposit).toBe('500.00');

    const refused = await call('PUT', '/aml/settings', { ...body, largeDeposit: '10.001' });
    expect(envelopeOf(refused)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });
});

describe('AML thresholds of a brand that saved none', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('are the defaults in the brand’s currency', async () => {
    const fx = await createAmlFixture(testApp);
    const settings = envelopeOf<AmlSettings>(
      await fx.call(fx.staff.authorization, 'GET', '/backoffice/aml/settings'),
    ).value;
    expect(settings).toEqual({
      currency: 'USD',
      largeDeposit: '10000.00',
      largeWithdrawal: '10000.00',
      littlePlayPercent: 30,
      sharedAccountsMin: 3,
      transferWindowMinutes: 60,
      transferCountMin: 10,
      transferAmountMin: '50000.00',
      isDefault: true,
    });
  });
});
