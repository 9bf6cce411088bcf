import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MatchSimulator } from '@wps/sportsbook/feed/simulator';
import { type RunningSportsbook, startSportsbook } from '@wps/sportsbook/sportsbook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createScratchDatabase } from '../../testing/test-database';
import { registerSportsbookVendors } from './games.seed';
import { placedSlip, sportsbookTestKit } from './sportsbook.test-helpers';
import { ensureVendorKey } from './vendor-process';

/**
 * The sportsbook (apps/sportsbook) places its slips through the platform's vendor wallet: player protection's
 * refusal reaches it as the protocol's RS_ERROR_LIMIT_REACHED, a final answer it refuses the slip on.
 */

let testApp: TestApp;
let book: RunningSportsbook;
let dataDir: string;
let play: ReturnType<typeof sportsbookTestKit>;
let dropStore: (() => Promise<void>) | undefined;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  const platformUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  play = sportsbookTestKit(testApp, () => book);
  dataDir = mkdtempSync(path.join(tmpdir(), 'wps-sportsbook-guard-'));
  const keyFile = path.join(dataDir, 'vendor-key.pem');
  const { publicKeyPem } = await ensureVendorKey(keyFile);
  let store: { url: string } | { dataDir: string } = { dataDir: path.join(dataDir, 'store') };
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'wps_sportsbook_guard');
    store = { url: scratch.url };
    dropStore = scratch.drop;
  }
  book = await startSportsbook({
    platformUrl,
    privateKeyPem: readFileSync(keyFile, 'utf8'),
    store,
    feed: new MatchSimulator({ seed: 'sportsbook-guard', startAt: Date.parse('2026-11-27T12:00:00Z') }),
    limits: { inPlayDelayMs: [0, 0] },
    senderIntervalMs: 50,
    esportsVendors: ['IMES'],
  });
  await registerSportsbookVendors(testApp.database.db, { launchUrl: book.launchUrl, publicKeyPem });
});

afterAll(async () => {
  await book.close();
  await dropStore?.();
  await testApp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the sportsbook under player protection', () => {
  it('refuses the slip after a wager limit reached exactly, the wallet answering RS_ERROR_LIMIT_REACHED', async () => {
    const { member, authorization } = await play.playerWithMoney('sbguard');
    const limit = await testApp.app.inject({
      method: 'PUT',
      url: '/wps/member/protection/limits',
      headers: { authorization },
      payload: { kind: 'wager', period: 'day', amount: '10.00' },
    });
    expect(limit.json<{ success: boolean }>().success).toBe(true);
    const session = await play.openBook(authorization);
    const [first, second] = await play.upcomingWinnerMarkets(session);
    if (!first || !second) throw new Error('two upcoming football matches needed');
    const homeOf = (entry: typeof first) =>
      entry.market.selections.find((selection) => selection.key === 'home')?.odds ?? 0;

    placedSlip(await play.placeSingle(session, first.market.id, 'home', homeOf(first), '10'));
    expect(await play.kit.balance(member)).toBe(9_000n);
    const refused = await play.placeSingle(session, second.market.id, 'home', homeOf(second), '1');
    expect(refused).toMatchObject({ isAccepted: false, refusal: 'wallet_refused' });
    expect(refused.isAccepted ? '' : refused.message).toContain('RS_ERROR_LIMIT_REACHED');
    expect(await play.kit.balance(member)).toBe(9_000n);
  });
});
