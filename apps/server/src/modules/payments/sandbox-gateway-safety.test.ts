import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import {
  codeOf,
  createDepositFixture,
  createGatewayTestApp,
  type DepositAnswer,
  type DepositFixture,
  envelopeOf,
  type GatewayTestApp,
  noticeFor,
  signedNotice,
} from './deposits.test-helpers';
import { startSandboxBesidePlatform } from './sandbox-runner';

/**
 * The sandbox payment gateway is for a demo on one machine: off in production unless asked for, on loopback
 * only, shown as a test channel, and never believed by a platform it does not run beside. Runs on PGlite and,
 * with DATABASE_URL, on PostgreSQL.
 */
describe('the sandbox payment gateway outside development', { timeout: 60_000 }, () => {
  let withSandbox: GatewayTestApp;
  let withoutSandbox: TestApp;
  let fixture: DepositFixture;

  beforeAll(async () => {
    withSandbox = await createGatewayTestApp();
    fixture = createDepositFixture(withSandbox);
    // The same data, served by a platform without the sandbox beside it (production as configured by default).
    withoutSandbox = await createTestApp({}, { database: withSandbox.database });
  });
  afterAll(async () => {
    await withoutSandbox.close();
    await withSandbox.close();
  });

  it('is off in production unless SANDBOX_GATEWAY_ENABLED=true, and on by default elsewhere', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).SANDBOX_GATEWAY_ENABLED).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', SANDBOX_GATEWAY_ENABLED: 'true' }).SANDBOX_GATEWAY_ENABLED,
    ).toBe(true);
    expect(loadConfig({}).SANDBOX_GATEWAY_ENABLED).toBe(true);
    expect(loadConfig({ SANDBOX_GATEWAY_ENABLED: 'false' }).SANDBOX_GATEWAY_ENABLED).toBe(false);
  });

  it('listens on loopback only, even when the platform listens on every address', async () => {
    const config = loadConfig({ HOST: '0.0.0.0', SANDBOX_GATEWAY_PORT: '0', LOG_LEVEL: 'silent' });
    const sandbox = await startSandboxBesidePlatform(config, withSandbox.database.db);
    if (!sandbox) throw new Error('the sandbox should run outside production');
    try {
      const { port } = new URL(sandbox.url);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBeLessThan(500);
      // Another address of this machine does not reach it.
      const external = Object.values(networkInterfaces())
        .flat()
        .find((address) => address?.family === 'IPv4' && !address.internal);
      if (external) {
        await expect(fetch(`http://${external.address}:${port}/`)).rejects.toThrow();
      }
    } finally {
      await sandbox.close();
    }
  });

  it("refuses a notice signed with a sandbox channel's secret where no sandbox runs: nothing is credited", async () => {
    const member = await fixture.createMember();
    const opened = await fixture.deposit(member, { channelCode: 'SANDBOX_PAY', amount: '25.00' });
    const deposit = envelopeOf<DepositAnswer>(opened).value;
    const secret = await fixture.channelSecret('SANDBOX_PAY');

    const refused = await signedNotice(
      withoutSandbox.app,
      'SANDBOX_PAY',
      secret,
      await noticeFor(fixture, deposit.id),
    );
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect((await fixture.depositRow(deposit.id)).status).toBe('pending');
    expect(await fixture.balance(member)).toBe(0n);

    // Beside the sandbox the same notice is believed (the demo's loop).
    const taken = await signedNotice(
      withSandbox.app,
      'SANDBOX_PAY',
      secret,
      await noticeFor(fixture, deposit.id),
    );
    expect(taken.statusCode).toBe(200);
    expect(await fixture.balance(member)).toBe(2_500n);
  });

  it("says in the operator's channel list which channels use the sandbox", async () => {
    const response = await withoutSandbox.app.inject({
      url: '/wps/backoffice/payment-channels',
      headers: await operatorHeaders(withoutSandbox.app),
    });
    type Listed = { code: string; gateway: { usesSandbox: boolean } | null };
    const { list } = envelopeOf<{ list: Listed[] }>(response).value;
    expect(list.find((channel) => channel.code === 'SANDBOX_PAY')?.gateway?.usesSandbox).toBe(true);
    expect(list.filter((channel) => channel.gateway === null).length).toBeGreaterThan(0);
  });
});
