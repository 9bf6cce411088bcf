import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/database';
import { createTestApp, loginAsMember, operatorHeaders, type TestApp } from '../../testing/test-app';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import type { MemberRow } from './members.service';
import { members } from './members.tables';

type Envelope = { success: boolean; code?: string; value: { status?: string } };

/** Staff cannot reopen the account of a member in a time-out or self-exclusion: only the exclusion's end does. */
describe('a status change to active of an excluded member', () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof walletTestKit>;
  let staff: Record<string, string>;

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = walletTestKit(testApp);
    staff = await operatorHeaders(testApp.app);
  });
  afterAll(() => testApp.close());

  const changeStatus = async (member: MemberRow, status: string, reason: string) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/wps/backoffice/members/${member.id}/status`,
      headers: staff,
      payload: { status, reason },
    });
    return { status: response.statusCode, body: response.json<Envelope>() };
  };

  const statusOf = async (member: MemberRow) => {
    const [row] = await testApp.database.db
      .select({ status: members.status })
      .from(members)
      .where(eq(members.id, member.id));
    return row?.status;
  };

  const statusAudits = async (member: MemberRow) =>
    selectRows<{ after: unknown }>(
      testApp.database.db,
      sql`select after from audit_events where action = 'member.status.change'
        and entity_id = ${member.id.toString()} order by id`,
    );

  const timedOutMember = async () => {
    const member = await kit.addMember(`rgst${randomUUID().slice(0, 6)}`);
    const { authorization } = await loginAsMember(testApp, member.username);
    const timeOut = await testApp.app.inject({
      method: 'POST',
      url: '/wps/member/protection/time-out',
      headers: { authorization },
      payload: { days: 7 },
    });
    expect(timeOut.statusCode).toBe(200);
    return member;
  };

  it('is refused with PLAYER_EXCLUDED and changes nothing, while locking them stays possible', async () => {
    const member = await timedOutMember();
    expect((await changeStatus(member, 'locked', 'Chargeback under review')).body.success).toBe(true);

    const refused = await changeStatus(member, 'active', 'Review done');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAYER_EXCLUDED');
    expect(await statusOf(member)).toBe('locked');
    expect(await statusAudits(member)).toHaveLength(1);
  });

  it('goes through once the exclusion has ended, and at any time for a member never excluded', async () => {
    const member = await timedOutMember();
    await changeStatus(member, 'disabled', 'Duplicate account check');
    await testApp.database.db.execute(
      sql`update member_protection set play_blocked_until = now() - interval '1 second' where member_id = ${member.id}`,
    );
    const reopened = await changeStatus(member, 'active', 'Not a duplicate');
    expect(reopened.body).toMatchObject({ success: true, value: { status: 'active' } });
    expect(await statusOf(member)).toBe('active');

    const other = await kit.addMember(`rgok${randomUUID().slice(0, 6)}`);
    await changeStatus(other, 'locked', 'Checking');
    expect((await changeStatus(other, 'active', 'Checked')).body.success).toBe(true);
  });
});
