import { randomUUID } from 'node:crypto';
import type { ProtectionStatus } from '@wps/contracts/protection';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/database';
import { hashPassword } from '../../lib/password-hashing';
import { createTestApp, loginAsMember, operatorHeaders, type TestApp } from '../../testing/test-app';
import { members } from '../members/members.tables';
import type { MemberRow } from '../members/members.service';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';

type Envelope<T> = { success: boolean; value: T; code?: string };

/**
 * Player protection through the real API and the ledger's rule, with the house slot as the stake that is
 * refused (every other path meets the same rule: it is on the ledger's entries).
 */
describe('player protection', () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof walletTestKit>;

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = walletTestKit(testApp);
  });
  afterAll(() => testApp.close());

  const call = async <T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => {
    const response = await testApp.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<Envelope<T>>() };
  };

  const player = async (name: string, funds: bigint) => {
    const member = await kit.addMember(`${name}${randomUUID().slice(0, 6)}`);
    await kit.fund(member, funds);
    const { authorization } = await loginAsMember(testApp, member.username);
    return { member, headers: { authorization } };
  };

  const spin = (headers: Record<string, string>, bet = '1.00') =>
    call<{ totalWin: string }>('POST', '/wps/house/slot/spins', headers, { requestId: randomUUID(), bet });

  const setLimit = (headers: Record<string, string>, kind: string, period: string, amount: string | null) =>
    call<ProtectionStatus>('PUT', '/wps/member/protection/limits', headers, { kind, period, amount });

  const usage = async (member: MemberRow, kind: string) => {
    const [row] = await selectRows<{ used: string | bigint }>(
      testApp.database.db,
      sql`select member_limit_used(${member.id}, ${kind}, 'day') as used`,
    );
    return row ? BigInt(row.used) : 0n;
  };

  it('refuses the stake that would pass a wager limit reached exactly, and moves no money for it', async () => {
    const { member, headers } = await player('wager', 10_000n);
    const set = await setLimit(headers, 'wager', 'day', '5.00');
    expect(set.body.value.limits).toMatchObject([
      { kind: 'wager', period: 'day', amount: '5.00', used: '0.00' },
    ]);
    for (let index = 0; index < 5; index += 1) expect((await spin(headers)).body.success).toBe(true);
    expect(await usage(member, 'wager')).toBe(500n);
    const before = await kit.balance(member);
    const refused = await spin(headers);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAYER_LIMIT_REACHED');
    expect(await kit.balance(member)).toBe(before);
    expect(await usage(member, 'wager')).toBe(500n);
    const status = await call<ProtectionStatus>('GET', '/wps/member/protection', headers);
    expect(status.body.value.limits[0]).toMatchObject({ amount: '5.00', used: '5.00', pending: null });
  });

  it('lets exactly as many of 20 concurrent stakes pass as a wager limit holds', async () => {
    const { member, headers } = await player('burst', 100_000n);
    await setLimit(headers, 'wager', 'day', '5.00');
    const results = await Promise.all(Array.from({ length: 20 }, () => spin(headers)));
    expect(results.filter((result) => result.body.success)).toHaveLength(5);
    expect(results.filter((result) => result.body.code === 'PLAYER_LIMIT_REACHED')).toHaveLength(15);
    expect(await usage(member, 'wager')).toBe(500n);
  });

  it('keeps 20 concurrent stakes within a loss limit, counted as the ledger moved', async () => {
    const { member, headers } = await player('loss', 100_000n);
    // A limit of one stake: after the first, a stake passes only when earlier spins won back at least as much.
    // How many pass depends on the reels; the usage never passes the limit and always equals the ledger.
    await setLimit(headers, 'loss', 'day', '1.00');
    const results = await Promise.all(Array.from({ length: 20 }, () => spin(headers)));
    expect(
      results.every((result) => result.body.success || result.body.code === 'PLAYER_LIMIT_REACHED'),
    ).toBe(true);
    const [ledger] = await selectRows<{ net: string | bigint }>(
      testApp.database.db,
      sql`select coalesce(sum(-p.amount), 0) as net from wallet_member_postings p
        join wallet_transaction_details t on t.id = p.transaction_id
        where p.member_id = ${member.id} and t.kind in ('bet', 'win')`,
    );
    const used = await usage(member, 'loss');
    expect(used).toBe(BigInt(ledger?.net ?? 0));
    expect(used).toBeLessThanOrEqual(100n);
  });

  it('counts the stakes placed before a limit is set, and lowers at once', async () => {
    const { member, headers } = await player('seeded', 10_000n);
    for (let index = 0; index < 3; index += 1) await spin(headers);
    await setLimit(headers, 'wager', 'day', '100.00');
    expect(await usage(member, 'wager')).toBe(300n);
    const lowered = await setLimit(headers, 'wager', 'day', '3.00');
    expect(lowered.body.value.limits[0]).toMatchObject({ amount: '3.00', used: '3.00', pending: null });
    expect((await spin(headers)).body.code).toBe('PLAYER_LIMIT_REACHED');
  });

  it('waits 24 hours before an increase binds, across a restart, then binds it', async () => {
    const { member, headers } = await player('raise', 10_000n);
    await setLimit(headers, 'wager', 'day', '1.00');
    expect((await spin(headers)).body.success).toBe(true);
    const raised = await setLimit(headers, 'wager', 'day', '50.00');
    const limit = raised.body.value.limits[0];
    expect(limit).toMatchObject({ amount: '1.00', pending: { amount: '50.00' } });
    const waitsHours = (Date.parse(limit?.pending?.from ?? '') - Date.now()) / 3_600_000;
    expect(waitsHours).toBeGreaterThan(23.9);
    expect(waitsHours).toBeLessThanOrEqual(24);

    // Another server on the same database (a restart) still refuses: the pending change is stored, not kept in memory.
    const restarted = await createTestApp({}, { database: testApp.database });
    try {
      const response = await restarted.app.inject({
        method: 'POST',
        url: '/wps/house/slot/spins',
        headers,
        payload: { requestId: randomUUID(), bet: '1.00' },
      });
      expect(response.json<Envelope<unknown>>().code).toBe('PLAYER_LIMIT_REACHED');
    } finally {
      await restarted.app.close();
    }

    // The cooling-off passes (the stored time moved back): the higher limit binds without anyone acting.
    await testApp.database.db.execute(
      sql`update member_play_limits set pending_from = now() - interval '1 second' where member_id = ${member.id}`,
    );
    expect((await spin(headers)).body.success).toBe(true);
    const status = await call<ProtectionStatus>('GET', '/wps/member/protection', headers);
    expect(status.body.value.limits[0]).toMatchObject({ amount: '50.00', pending: null, used: '2.00' });
  });

  it('removes a limit only after the cooling-off', async () => {
    const { headers } = await player('remove', 10_000n);
    await setLimit(headers, 'loss', 'week', '2.00');
    const removed = await setLimit(headers, 'loss', 'week', null);
    expect(removed.body.value.limits[0]).toMatchObject({ amount: '2.00', pending: { amount: null } });
  });

  it('refuses bad input with the envelope and changes nothing', async () => {
    const { member, headers } = await player('bad', 1_000n);
    const wrong = await setLimit(headers, 'wager', 'day', '1.234');
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('VALIDATION_FAILED');
    const session = await setLimit(headers, 'session', 'day', '1.5');
    expect(session.body.code).toBe('VALIDATION_FAILED');
    const [row] = await selectRows(
      testApp.database.db,
      sql`select 1 from member_play_limits where member_id = ${member.id}`,
    );
    expect(row).toBeUndefined();
  });

  it('a time-out signs the member out everywhere and refuses stakes until it ends', async () => {
    const { member, headers } = await player('timeout', 1_000n);
    const started = await call<{ kind: string; endsAt: string }>(
      'POST',
      '/wps/member/protection/time-out',
      headers,
      {
        days: 1,
      },
    );
    expect(started.body.value.kind).toBe('time_out');
    // The session that asked is over.
    expect((await call('GET', '/wps/member/protection', headers)).status).toBe(401);
    const { authorization } = await loginAsMember(testApp, member.username);
    const again = { authorization };
    const refused = await spin(again);
    expect(refused.body.code).toBe('PLAYER_EXCLUDED');
    expect(await kit.balance(member)).toBe(1_000n);
    const status = await call<ProtectionStatus>('GET', '/wps/member/protection', again);
    expect(status.body.value.exclusion).toMatchObject({ kind: 'time_out', awaitsReview: false });
    // Staff cannot end a time-out early.
    const staff = await operatorHeaders(testApp.app);
    const end = await call('POST', `/wps/backoffice/members/${member.id}/protection/end-exclusion`, staff, {
      reason: 'member asked',
    });
    expect(end.body.code).toBe('EXCLUSION_NOT_ENDABLE');
  });

  it('a self-exclusion needs the password, binds past its term until staff end it with an audited reason', async () => {
    const { member, headers } = await player('selfex', 1_000n);
    await testApp.database.db
      .update(members)
      .set({ passwordHash: await hashPassword('right password') })
      .where(eq(members.id, member.id));
    const wrong = await call('POST', '/wps/member/protection/self-exclusion', headers, {
      duration: '6m',
      password: 'wrong',
    });
    expect(wrong.body.success).toBe(false);
    expect((await spin(headers)).body.success).toBe(true);
    const started = await call('POST', '/wps/member/protection/self-exclusion', headers, {
      duration: '6m',
      password: 'right password',
    });
    expect(started.body.success).toBe(true);
    const { authorization } = await loginAsMember(testApp, member.username);
    expect((await spin({ authorization })).body.code).toBe('PLAYER_EXCLUDED');

    const staff = await operatorHeaders(testApp.app);
    const url = `/wps/backoffice/members/${member.id}/protection/end-exclusion`;
    expect((await call('POST', url, staff, { reason: 'asked early' })).body.code).toBe(
      'EXCLUSION_NOT_ENDABLE',
    );

    // The term runs out: the exclusion still binds (awaits review) until staff end it.
    await testApp.database.db.execute(
      sql`update member_exclusions set ends_at = now() - interval '1 minute' where member_id = ${member.id}`,
    );
    expect((await spin({ authorization })).body.code).toBe('PLAYER_EXCLUDED');
    const view = await call<{ exclusion: { awaitsReview: boolean } }>(
      'GET',
      `/wps/backoffice/members/${member.id}/protection`,
      staff,
    );
    expect(view.body.value.exclusion.awaitsReview).toBe(true);
    expect(
      (await call('POST', url, staff, { reason: 'Term over, member asked to return' })).body.success,
    ).toBe(true);
    expect((await spin({ authorization })).body.success).toBe(true);
    const [audit] = await selectRows<{ action: string }>(
      testApp.database.db,
      sql`select action from audit_events where entity_type = 'member' and entity_id = ${member.id.toString()}
        and action = 'member.exclusion.end'`,
    );
    expect(audit?.action).toBe('member.exclusion.end');
  });

  it('a permanent self-exclusion can never be ended by staff', async () => {
    const { member, headers } = await player('forever', 1_000n);
    await testApp.database.db
      .update(members)
      .set({ passwordHash: await hashPassword('pw pw pw') })
      .where(eq(members.id, member.id));
    await call('POST', '/wps/member/protection/self-exclusion', headers, {
      duration: 'permanent',
      password: 'pw pw pw',
    });
    const staff = await operatorHeaders(testApp.app);
    const end = await call('POST', `/wps/backoffice/members/${member.id}/protection/end-exclusion`, staff, {
      reason: 'please',
    });
    expect(end.body.code).toBe('EXCLUSION_NOT_ENDABLE');
  });
});
