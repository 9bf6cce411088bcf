import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { demoAgent, demoPlayer } from '../members/members.seed';
import { createLedgerService } from './ledger.service';
import { demoOpeningBalance } from './wallet.seed';
import { createWalletService } from './wallet.service';

describe('demo wallets', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('give each demo member the opening balance once, however often the seed runs', async () => {
    await seedDemoData(testApp.database.db);
    const { db } = testApp.database;
    const wallet = createWalletService({ db, ledger: createLedgerService({ db }), push: testApp.push });
    for (const username of [demoPlayer.username, demoAgent.username]) {
      const { member } = await loginAsMember(testApp, username);
      expect(await wallet.balance(member, 'USD')).toBe(demoOpeningBalance);
    }
  });
});
