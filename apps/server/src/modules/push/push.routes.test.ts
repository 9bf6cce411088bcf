import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { demoPlayer } from '../members/members.seed';

describe('member event stream', () => {
  let testApp: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;
    baseUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(() => testApp.close());

  it('refuses a visitor without a session', async () => {
    const response = await fetch(`${baseUrl}/wps/member/events`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('UNAUTHORIZED');
  });

  it('streams the signals published for the member, and only theirs', async () => {
    const { member, authorization } = await loginAsMember(testApp, demoPlayer.username);
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/wps/member/events`, {
      headers: { authorization },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no stream');
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = async (text: string) => {
      while (!received.includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${text}`);
        received += decoder.decode(value);
      }
    };
    await readUntil(': connected');
    // Another member's signal must not arrive on this stream.
    const { push } = testApp;
    push.publish(member.id + 1000n, { type: 'message' });
    push.publish(member.id, { type: 'balance' });
    await readUntil('event: balance');
    expect(received).not.toContain('event: message');
    controller.abort();
    await expect.poll(() => push.listenerCount(member.id)).toBe(0);
  });
});
