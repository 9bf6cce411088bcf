import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { demoAgent, demoPlayer } from '../members/members.seed';
import { createMessageService } from './messages.service';

describe('member inbox', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('lists a member’s own messages with the unread count, and signals their sites', async () => {
    const player = await loginAsMember(testApp, demoPlayer.username);
    const agent = await loginAsMember(testApp, demoAgent.username);
    const messages = createMessageService({ db: testApp.database.db, push: testApp.push });
    const signals: string[] = [];
    const unsubscribe = testApp.push.subscribe(player.member.id, (event) => signals.push(event.type));
    await messages.send(testApp.database.db, {
      brandId: player.member.brandId,
      memberId: player.member.id,
      kind: 'deposit_credited',
      params: { amount: '25.00', currency: 'USD' },
      title: 'Deposit credited',
      body: 'Your deposit of 25.00 USD was credited.',
    });
    messages.notify(player.member.id);
    unsubscribe();
    expect(signals).toEqual(['message']);

    const unread = await testApp.app.inject({
      url: '/wps/relay/CSP_unreadCount',
      headers: { authorization: player.authorization },
    });
    expect(unread.json()).toMatchObject({ success: true, value: { count: 1 } });

    const list = await testApp.app.inject({
      url: '/wps/member/messages?pageNo=1&pageSize=10',
      headers: { authorization: player.authorization },
    });
    expect(list.json()).toMatchObject({
      success: true,
      value: { totalPages: 1, unread: 1, list: [{ kind: 'deposit_credited', params: { amount: '25.00' } }] },
    });

    const others = await testApp.app.inject({
      url: '/wps/relay/CSP_unreadCount',
      headers: { authorization: agent.authorization },
    });
    expect(others.json()).toMatchObject({ value: { count: 0 } });
  });

  it('reads, marks all read and deletes only the member’s own messages, and answers getUnreadMessageV2', async () => {
    const player = await loginAsMember(testApp, demoPlayer.username);
    const agent = await loginAsMember(testApp, demoAgent.username);
    const messages = createMessageService({ db: testApp.database.db, push: testApp.push });
    const send = (title: string) =>
      messages.send(testApp.database.db, {
        brandId: player.member.brandId,
        memberId: player.member.id,
        kind: 'adjustment',
        params: { amount: '1.00', currency: 'USD' },
        title,
        body: `${title} body`,
      });
    await testApp.app.inject({
      method: 'POST',
      url: '/wps/member/messages/read-all',
      headers: { authorization: player.authorization },
    });
    const [first, second, third] = [await send('first'), await send('second'), await send('third')];
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, authorization: string, payload?: object) =>
      testApp.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

    const unread = await call('GET', '/wps/relay/getUnreadMessageV2', player.authorization);
    expect(unread.json()).toMatchObject({ success: true, value: { count: 3, latest: { title: 'third' } } });

    // Another member can neither read nor delete these.
    const foreignRead = await call('POST', '/wps/member/messages/read', agent.authorization, {
      ids: [first.toString()],
    });
    expect(foreignRead.json()).toMatchObject({ success: true, value: { changed: 0 } });
    const foreignDelete = await call(
      'DELETE',
      `/wps/member/messages/${first.toString()}`,
      agent.authorization,
    );
    expect(foreignDelete.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });

    const signals: string[] = [];
    const unsubscribe = testApp.push.subscribe(player.member.id, (event) => signals.push(event.type));
    const read = await call('POST', '/wps/member/messages/read', player.authorization, {
      ids: [third.toString()],
    });
    expect(read.json()).toMatchObject({ value: { changed: 1 } });
    expect(signals).toEqual(['message']);
    const afterRead = await call('GET', '/wps/relay/getUnreadMessageV2', player.authorization);
    expect(afterRead.json()).toMatchObject({ value: { count: 2, latest: { title: 'second' } } });

    const allRead = await call('POST', '/wps/member/messages/read-all', player.authorization);
    expect(allRead.json()).toMatchObject({ value: { changed: 2 } });
    const none = await call('GET', '/wps/relay/CSP_unreadCount', player.authorization);
    expect(none.json()).toMatchObject({ value: { count: 0 } });
    const noLatest = await call('GET', '/wps/relay/getUnreadMessageV2', player.authorization);
    expect(noLatest.json()).toMatchObject({ value: { count: 0, latest: null } });

    const single = await call('DELETE', `/wps/member/messages/${first.toString()}`, player.authorization);
    expect(single.json()).toMatchObject({ value: { changed: 1 } });
    const selected = await call('POST', '/wps/member/messages/delete', player.authorization, {
      ids: [second.toString(), third.toString(), first.toString()],
    });
    expect(selected.json()).toMatchObject({ value: { changed: 2 } });
    unsubscribe();

    const list = await call('GET', '/wps/member/messages?pageNo=1&pageSize=100', player.authorization);
    const titles = list.json<{ value: { list: { title: string }[] } }>().value.list.map((row) => row.title);
    expect(titles).not.toContain('first');
    expect(titles).not.toContain('second');
    expect(titles).not.toContain('third');

    const badIds = await call('POST', '/wps/member/messages/delete', player.authorization, { ids: [] });
    expect(badIds.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('needs a session and a sane page', async () => {
    expect((await testApp.app.inject({ url: '/wps/relay/CSP_unreadCount' })).statusCode).toBe(401);
    const player = await loginAsMember(testApp, demoPlayer.username);
    const bad = await testApp.app.inject({
      url: '/wps/member/messages?pageSize=1000',
      headers: { authorization: player.authorization },
    });
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });
});
