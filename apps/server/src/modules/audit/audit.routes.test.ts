import { auditCsvColumns } from '@wps/contracts/audit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/database';
import { createStaff, createTestApp, loginAsOperator, type TestApp } from '../../testing/test-app';
import { recordAuditEvent } from './audit.service';

type Json = Record<string, unknown>;
type Headers = { authorization: string };

describe('operator audit trail endpoints', () => {
  let testApp: TestApp;
  let admin: Headers;
  let finance: Headers;
  let support: Headers;

  const get = async (caller: Headers, url: string) =>
    testApp.app.inject({ method: 'GET', url: `/wps/backoffice${url}`, headers: caller });
  const listOf = async (url: string) => {
    const body = (await get(admin, url)).json<{ value: { list: Json[]; totalPages: number } }>();
    return body.value;
  };
  const verify = async (caller: Headers = admin) =>
    (
      await testApp.app.inject({ method: 'POST', url: '/wps/backoffice/audit/verify', headers: caller })
    ).json<Json>();

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await loginAsOperator(testApp.app);
    finance = await createStaff(testApp.app, { role: 'finance', username: 'audit-finance' });
    support = await createStaff(testApp.app, { role: 'support', username: 'audit-support' });
    const { db } = testApp.database;
    await recordAuditEvent(db, {
      actor: { type: 'staff', id: '41', ip: '198.51.100.4', userAgent: 'Console/1.0' },
      action: 'probe.widget.create',
      entityType: 'probe_widget',
      entityId: 'w-1',
      after: { name: 'Widget, "the first"\nsecond line' },
    });
    await recordAuditEvent(db, {
      actor: { type: 'agent', id: '77' },
      action: 'probe.widget.rename',
      entityType: 'probe_widget',
      entityId: 'w-1',
      before: { name: 'Widget' },
      after: { name: '=HYPERLINK("http://evil.example")' },
    });
    await recordAuditEvent(db, {
      actor: { type: 'system', id: 'job:probe' },
      action: 'probe_other.thing',
      entityType: 'probe_widget',
      entityId: 'w-2',
    });
    await recordAuditEvent(db, {
      actor: { type: 'staff', id: '41' },
      action: 'probe.widget.archive',
      entityType: 'probe_widget',
      entityId: 'w-3',
    });
  });
  afterAll(() => testApp.close());

  it('filters by actor type and id, action (or a dotted prefix of it) and entity, newest first, with pages', async () => {
    const byAgent = await listOf('/audit?actorType=agent&entityType=probe_widget');
    expect(byAgent.list.map((row) => row.action)).toEqual(['probe.widget.rename']);
    expect(byAgent.list[0]).toMatchObject({
      actorId: '77',
      before: { name: 'Widget' },
      chainSeq: expect.stringMatching(/^\d+$/) as string,
      hash: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
    });

    const byStaffMember = await listOf('/audit?actorType=staff&actorId=41');
    expect(byStaffMember.list.map((row) => row.action)).toEqual([
      'probe.widget.archive',
      'probe.widget.create',
    ]);
    expect(byStaffMember.list[1]).toMatchObject({ actorIp: '198.51.100.4', userAgent: 'Console/1.0' });

    // A prefix matches whole parts only: `probe` is not `probe_other`, and `_` is no wildcard.
    const underProbe = await listOf('/audit?action=probe');
    expect(underProbe.list.map((row) => row.action)).toEqual([
      'probe.widget.archive',
      'probe.widget.rename',
      'probe.widget.create',
    ]);
    expect((await listOf('/audit?action=probe.widget.rename')).list).toHaveLength(1);
    expect((await listOf('/audit?action=probe_other')).list.map((row) => row.action)).toEqual([
      'probe_other.thing',
    ]);
    expect((await listOf('/audit?action=probe.widget.re')).list).toHaveLength(0);

    const oneEntity = await listOf('/audit?entityType=probe_widget&entityId=w-1&pageSize=1&pageNo=2');
    expect(oneEntity.totalPages).toBe(2);
    expect(oneEntity.list.map((row) => row.action)).toEqual(['probe.widget.create']);
  });

  it('filters by time: from inclusive, to exclusive', async () => {
    const all = await listOf('/audit?entityType=probe_widget&pageSize=100');
    const times = all.list.map((row) => String(row.createdAt)).sort();
    const first = times[0] ?? '';
    const last = times.at(-1) ?? '';
    const from = await listOf(`/audit?entityType=probe_widget&from=${encodeURIComponent(last)}`);
    expect(from.list.every((row) => String(row.createdAt) >= last)).toBe(true);
    expect(from.list.length).toBeGreaterThan(0);
    const before = await listOf(`/audit?entityType=probe_widget&to=${encodeURIComponent(first)}`);
    expect(before.list).toHaveLength(0);
    const future = encodeURIComponent(new Date(Date.parse(last) + 86_400_000).toISOString());
    expect((await listOf(`/audit?entityType=probe_widget&from=${future}`)).list).toHaveLength(0);
    expect((await get(admin, '/audit?from=yesterday')).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('exports the filtered events as CSV with quoting and no formulas, newest first', async () => {
    const response = await get(finance, '/audit/export?entityType=probe_widget&entityId=w-1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-events_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = response.body;
    expect(text.startsWith('\ufeff')).toBe(true);
    const [header, ...rest] = text.slice(1).split('\n');
    expect(header).toBe(auditCsvColumns.join(','));
    const body = rest.join('\n');
    // The rename (newest) first: its formula-like value is quoted JSON, so it starts with "{" and stays text.
    expect(body).toContain(
      ',probe.widget.rename,probe_widget,w-1,"{""name"":""Widget""}","{""name"":""=HYPERLINK(\\""http://evil.example\\"")""}",',
    );
    // The first event's value: comma, quotes and a line break, inside one quoted cell.
    expect(body).toContain('"{""name"":""Widget, \\""the first\\""\\nsecond line""}"');
    expect(body.indexOf('probe.widget.rename')).toBeLessThan(body.indexOf('probe.widget.create'));
    expect(body).not.toContain('probe_other.thing');
    expect(body).toContain(',198.51.100.4,Console/1.0,');
  });

  it('neutralises a cell that a spreadsheet would run as a formula', async () => {
    await recordAuditEvent(testApp.database.db, {
      actor: { type: 'member', id: '=cmd|calc', userAgent: '@SUM(A1)' },
      action: 'probe.formula',
      entityType: 'probe_formula',
      entityId: '+1',
    });
    const text = (await get(admin, '/audit/export?entityType=probe_formula')).body;
    expect(text).toContain(",member,'=cmd|calc,,'@SUM(A1),probe.formula,probe_formula,'+1,");
  });

  it('exports more rows than one read batch, every one once', async () => {
    const { db } = testApp.database;
    await db.transaction(async (tx) => {
      for (let index = 0; index < 1_203; index += 1) {
        await recordAuditEvent(tx, {
          actor: { type: 'system', id: 'job:bulk' },
          action: 'probe.bulk',
          entityType: 'probe_bulk',
          entityId: String(index),
        });
      }
    });
    const lines = (await get(admin, '/audit/export?action=probe.bulk')).body.trim().split('\n');
    expect(lines).toHaveLength(1 + 1_203);
    const ids = new Set(lines.slice(1).map((line) => line.split(',')[9]));
    expect(ids.size).toBe(1_203);
  });

  it('verifies the chain, and names the first broken row once one was changed in the database', async () => {
    expect(await verify(finance)).toMatchObject({ success: true, value: { isIntact: true, broken: null } });

    const { db } = testApp.database;
    const [target] = await selectRows<{ id: string }>(
      db,
      sql`select id::text as id from audit_events where action = 'probe.widget.rename'`,
    );
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update audit_events set actor_id = '1' where id = ${BigInt(target?.id ?? '0')}`);
    });

    expect(await verify()).toMatchObject({
      success: true,
      value: { isIntact: false, broken: { id: target?.id, reason: 'hash_mismatch' } },
    });
  });

  it('is for admins and finance only', async () => {
    expect((await get(support, '/audit')).json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await get(support, '/audit/export')).json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await verify(support)).toMatchObject({ code: 'FORBIDDEN' });
    const anonymous = await testApp.app.inject({ method: 'POST', url: '/wps/backoffice/audit/verify' });
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
