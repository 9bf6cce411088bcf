import { categoryOf, gameCategories } from '@wps/contracts/games';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase } from '../../testing/test-database';
import { rsaKeyPair } from './catalogue.test-helpers';
import {
  demoGameCount,
  registerDemoVendors,
  seedBenchCatalogue,
  seedGamesDemo,
  slotName,
} from './games.seed';
import { gameVendors, gameVendorTiles, games } from './games.tables';

describe('demo game catalogue', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedGamesDemo(database.db);
  });
  afterAll(() => database.close());

  const gameTotal = async () => (await database.db.select({ total: count() }).from(games))[0]?.total ?? 0;

  it('has at least 2,000 demo games over the spec’s vendors and every category, all marked demo', async () => {
    expect(demoGameCount()).toBeGreaterThanOrEqual(2_000);
    expect(await gameTotal()).toBe(demoGameCount());
    const vendors = await database.db.select().from(gameVendors);
    expect(vendors.map((vendor) => vendor.code).sort()).toEqual(
      [
        'PG',
        'EG2',
        'PT',
        'JDB',
        'CQ9',
        'FC',
        'JL',
        'BGS',
        'KY',
        'BTI',
        'AV',
        'AI',
        'IMES',
        'TF',
        'IA',
        'DS88',
        'TCG_LOTTO_VN',
        'TCG_SEA',
        'LOTT',
        'ELOTT',
      ].sort(),
    );
    expect(vendors.every((vendor) => vendor.isDemo && vendor.displayName.includes('(demo)'))).toBe(true);
    expect(
      vendors
        .filter((vendor) => vendor.integration === 'house')
        .map((vendor) => vendor.code)
        .sort(),
    ).toEqual(['ELOTT', 'LOTT', 'TCG_LOTTO_VN', 'TCG_SEA']);

    const rows = await database.db
      .select({ code: gameVendors.code, gameType: games.gameType, isDemo: games.isDemo })
      .from(games)
      .innerJoin(gameVendors, eq(gameVendors.id, games.vendorId));
    expect(rows.every((row) => row.isDemo)).toBe(true);
    const categories = new Set(rows.map((row) => categoryOf(row.gameType, row.code)));
    expect([...categories].sort()).toEqual([...gameCategories].sort());

    const tiles = await database.db.select().from(gameVendorTiles);
    expect(tiles.some((tile) => tile.opensGameList && tile.gameType === 'LIVE')).toBe(true);
  });

  it('names games deterministically, with accented names, subcategories and flags', async () => {
    expect(slotName(0)).toBe(slotName(0));
    expect(slotName(1)).not.toBe(slotName(2));
    const all = await database.db.select().from(games);
    const names = all.map((game) => game.name);
    for (const name of ['Café Fortune', 'Piñata Party', 'Crème Brûlée Bonanza'])
      expect(names).toContain(name);
    expect(all.find((game) => game.name === 'Piñata Party')?.searchName).toBe('pinata party');
    const rng = all.filter((game) => game.gameType === 'RNG');
    const classifies = new Set(rng.map((game) => game.classify));
    for (const code of ['SLOT', 'SCRATCH', 'VIDEO_POKER', 'JACKPOT', 'TABLE', 'ARCADE', 'BINGO']) {
      expect(classifies).toContain(code);
    }
    expect(rng.filter((game) => game.classify === 'SLOT').length).toBeGreaterThan(rng.length / 2);
    expect(rng.some((game) => game.isNew)).toBe(true);
    expect(all.some((game) => game.isNew && game.gameType !== 'RNG')).toBe(false);
    expect(all.filter((game) => game.hasTrial).length).toBeGreaterThan(1_000);
    expect(all.filter((game) => game.isHot).length).toBeGreaterThan(100);
  });

  it('is idempotent and keeps an operator’s changes to demo games', async () => {
    const [first] = await database.db.select().from(games).where(eq(games.name, 'Café Fortune'));
    await database.db
      .update(games)
      .set({ isEnabled: false })
      .where(eq(games.id, first?.id ?? 0n));
    await database.db.delete(games).where(eq(games.name, 'Piñata Party'));
    await seedGamesDemo(database.db);
    expect(await gameTotal()).toBe(demoGameCount());
    const [again] = await database.db.select().from(games).where(eq(games.name, 'Café Fortune'));
    expect(again).toMatchObject({ id: first?.id, isEnabled: false });
    expect(await database.db.select().from(games).where(eq(games.name, 'Piñata Party'))).toHaveLength(1);
    await seedGamesDemo(database.db);
    expect(await gameTotal()).toBe(demoGameCount());
  });

  it('connects every demo seamless vendor to the demo vendor process, and no house vendor', async () => {
    const keys = rsaKeyPair();
    await registerDemoVendors(database.db, {
      launchUrl: 'http://127.0.0.1:9999/play',
      publicKeyPem: keys.publicKey,
    });
    const vendors = await database.db.select().from(gameVendors);
    for (const vendor of vendors) {
      if (vendor.integration === 'seamless') {
        expect(vendor).toMatchObject({
          launchUrl: 'http://127.0.0.1:9999/play',
          walletPublicKey: keys.publicKey,
        });
      } else expect(vendor).toMatchObject({ launchUrl: null, walletPublicKey: null });
    }
    await expect(
      registerDemoVendors(database.db, { launchUrl: 'http://x', publicKeyPem: 'not a key' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('grows the catalogue to a given size for the benchmark, once', async () => {
    await seedBenchCatalogue(database.db, 3_000);
    expect(await gameTotal()).toBe(3_000);
    await seedBenchCatalogue(database.db, 3_000);
    expect(await gameTotal()).toBe(3_000);
  });
});
