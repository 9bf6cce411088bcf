import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { demoMerchantCode } from './site.seed';
import { brands } from './site.tables';

describe('site tools', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('serves the speed-test ping uncached and readable from other origins', async () => {
    const ping = await testApp.app.inject({ url: '/common/v.1.0.1/ping.json?0.123' });
    expect(ping.statusCode).toBe(200);
    expect(ping.headers['cache-control']).toBe('no-store');
    expect(ping.headers['access-control-allow-origin']).toBe('*');
    expect(ping.json()).toEqual({ ok: true });
  });

  it("lists our own chat and opens the site's chat room modal (the seeded brand has no external chat)", async () => {
    const models = await testApp.app.inject({ url: '/wps/relay/CBS_modelList' });
    expect(models.json()).toMatchObject({
      success: true,
      value: { list: [{ modelId: 'live-chat', title: 'Live chat' }] },
    });
    expect(models.json<{ value: { list: unknown[] } }>().value.list).toHaveLength(1);
    const launch = await testApp.app.inject({ url: '/wps/relay/CBS_launchChat' });
    expect(launch.json()).toMatchObject({ success: true, value: { chatUrl: '/?modal=chat' } });
    const named = await testApp.app.inject({ url: '/wps/relay/CBS_launchChat?modelId=live-chat' });
    expect(named.json()).toMatchObject({ success: true, value: { chatUrl: '/?modal=chat' } });
    const unknown = await testApp.app.inject({ url: '/wps/relay/CBS_launchChat?modelId=OTHER' });
    expect(unknown.json()).toMatchObject({ success: false, code: 'FEATURE_DISABLED' });
  });

  it('launches the external chat URL a brand configured (a third-party desk) instead', async () => {
    // A fresh app: the brand's configuration is cached for a few seconds once read.
    const fresh = await createTestApp();
    try {
      const external = 'https://chat.lucky-lotus.example/room';
      await fresh.database.db
        .update(brands)
        .set({ liveChatUrl: external })
        .where(eq(brands.merchantCode, demoMerchantCode));
      const launch = await fresh.app.inject({ url: '/wps/relay/CBS_launchChat?modelId=live-chat' });
      expect(launch.json()).toMatchObject({ success: true, value: { chatUrl: external } });
      // A site that listed the chat before our own chat launches it with the former id.
      const former = await fresh.app.inject({ url: '/wps/relay/CBS_launchChat?modelId=LIVECHAT' });
      expect(former.json()).toMatchObject({ value: { chatUrl: external } });
    } finally {
      await fresh.close();
    }
  });
});
