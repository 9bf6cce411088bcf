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
