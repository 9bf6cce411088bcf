import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningDemoVendor, startDemoVendor } from '@wps/demo-vendor/demo-vendor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureVendorKey } from './modules/games/vendor-process';
import { registerDemoVendors } from './modules/games/games.seed';
import { demoPlayer } from './modules/members/members.seed';
import { seedShowcaseVendorPlay } from './showcase';
import { createTestApp, loginAsMember, type TestApp } from './testing/test-app';

/**
 * `npm start` has the demo player play the demo vendor's slot once the vendor listens: the rounds come from the
 * vendor's signed wallet calls, as in play. Played twice, as two starts would: the second plays nothing.
 */
describe("the showcase's vendor rounds", { timeout: 60_000 }, () => {
  let testApp: TestApp;
  let vendor: RunningDemoVendor;
  let dataDir: string;
  beforeAll(async () => {
    testApp = await createTestApp({}, { listen: true });
    const address = testApp.app.server.address();
    const platformUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'wps-showcase-'));
    const keyFile = path.join(dataDir, 'vendor-key.pem');
    const { publicKeyPem } = await ensureVendorKey(keyFile);
    vendor = await startDemoVendor({ platformUrl, privateKeyPem: readFileSync(keyFile, 'utf8') });
    await registerDemoVendors(testApp.database.db, { launchUrl: vendor.launchUrl, publicKeyPem });
  });
  afterAll(async () => {
    await vendor.close();
    await testApp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("puts the demo vendor's rounds in the player's betting records, once", async () => {
    await seedShowcaseVendorPlay(testApp.app, testApp.database.db, vendor.url);
    await vendor.whenRetriesSettled();
    await seedShowcaseVendorPlay(testApp.app, testApp.database.db, vendor.url);
    await vendor.whenRetriesSettled();

    const { authorization } = await loginAsMember(testApp, demoPlayer.username);
    const records = await testApp.app.inject({
      url: '/wps/member/betting-records?pageSize=100',
      headers: { authorization },
    });
    const rounds = records.json<{ value: { list: { vendorName: string; status: string }[] } }>().value.list;
    expect(rounds.map((round) => round.status)).toEqual(['SETTLED', 'SETTLED', 'SETTLED', 'SETTLED']);
    expect(new Set(rounds.map((round) => round.vendorName)).size).toBe(1);
  });
});
