import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { demoPlayer } from '../members/members.seed';
import { members } from '../members/members.tables';
import { seedSiteDemo } from '../site/site.seed';
import { mallItems } from './loyalty.tables';
import { demoPlayerPoints, seedPointsDemo } from './points.seed';
import { pointBalance } from './points/point-ledger';

describe('demo points mall', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  it('seeds six items and the demo player points once, however often the seed runs', async () => {
    const { db } = subject.database;
    const [player] = await db.select().from(members).where(eq(members.username, demoPlayer.username));
    if (!player) throw new Error('no demo player');
    const brand = await seedSiteDemo(db);
    await seedPointsDemo(db, brand, player);
    const items = await db.select().from(mallItems).where(eq(mallItems.brandId, brand.id));
    expect(items).toHaveLength(6);
    expect(items.filter((item) => item.kind === 'physical').map((item) => item.stock)).toEqual([50, 10]);
    expect(await pointBalance(subject.app.wallet.ledger, db, brand.id, player.id)).toBe(demoPlayerPoints);
  });
});
