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

  it('lists the live chat and answers its chatUrl from the brand configuration', async () => {
    const models = await testApp.app.inject({ url: '/wps/relay/CBS_modelList' });
    expect(models.json()).toMatchObject({ success: true, value: { list: [{ modelId: 'LIVECHAT' }] } });
    const launch = await testApp.app.inject({ url: '/wps/relay/CBS_launchChat?modelId=LIVECHAT' });
    expect(launch.json()).toMatchObject({
      success: true,
      value: { chatUrl: 'https://chat.lucky-lotus.example/room' },
    });
    const unknown = await testApp.app.inject({ url: '/wps/relay/CBS_launchChat?modelId=OTHER' });
    expect(unknown.json()).toMatchObject({ success: false, code: 'FEATURE_DISABLED' });
  });

  it('offers no live chat to a brand without a chat URL', async () => {
    // A fresh app: the brand's configuration is cached for a few seconds once read.
    const fresh = await createTestApp();
    try {
      await fresh.database.db
        .update(brands)
        .set({ liveChatUrl: null })
        .where(eq(brands.merchantCode, demoMerchantCode));
      const models = await fresh.app.inject({ url: '/wps/relay/CBS_modelList' });
      expect(models.json()).toMatchObject({ value: { list: [] } });
      const launch = await fresh.app.inject({ url: '/wps/relay/CBS_launchChat' });
      expect(launch.json()).toMatchObject({ success: false, code: 'FEATURE_DISABLED' });
    } finally {
      await fresh.close();
    }
  });
});
