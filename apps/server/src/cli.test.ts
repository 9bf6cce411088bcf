import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli';
import type { DatabaseHandle } from './db/database';
import { auditEvents } from './modules/audit/audit.tables';
import { rsaKeyPair } from './modules/games/catalogue.test-helpers';
import { gameVendors, gameVendorTiles, games } from './modules/games/games.tables';
import { openTestDatabase } from './testing/test-database';

describe('operator command line: vendors', () => {
  let database: DatabaseHandle;
  let directory: string;
  const keys = rsaKeyPair();
  beforeAll(async () => {
    database = await openTestDatabase();
    directory = mkdtempSync(path.join(tmpdir(), 'wps-cli-'));
    writeFileSync(path.join(directory, 'vendor.pem'), keys.publicKey);
    writeFileSync(path.join(directory, 'private.pem'), keys.privateKey);
    writeFileSync(
      path.join(directory, 'games.json'),
      JSON.stringify([
        { gameCode: 'ACME-1', name: 'Acme Riches', gameType: 'RNG', isHot: true },
        { gameCode: 'ACME-2', name: 'Acme Baccarat', gameType: 'LIVE' },
      ]),
    );
    writeFileSync(
      path.join(directory, 'more.json'),
      JSON.stringify({
        tiles: [{ gameType: 'LIVE', sortOrder: 1, opensGameList: true }],
        games: [{ gameCode: 'ACME-2', name: 'Acme Baccarat Squeeze', gameType: 'LIVE' }],
      }),
    );
    writeFileSync(path.join(directory, 'broken.json'), '[{"gameCode": ');
  });
  afterAll(async () => {
    await database.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runCli(argv, {
      db: database.db,
      write: (line) => lines.push(line),
      cwd: directory,
      actorId: 'tester',
    });
    return { code, output: lines.join('\n') };
  };
  const vendor = async (code: string) =>
    (await database.db.select().from(gameVendors).where(eq(gameVendors.code, code)))[0];

  it('adds a vendor with its key, launch URL and games from files', async () => {
    const result = await run(
      'vendor',
      'add',
      '--code',
      'ACME',
      '--name',
      'Acme Games',
      '--public-key',
      'vendor.pem',
      '--launch-url',
      'https://acme.example.com/play',
      '--games',
      'games.json',
    );
    expect(result).toMatchObject({ code: 0 });
    expect(result.output).toMatch(
      /^added ACME\s+Acme Games\s+seamless\s+enabled\s+key [0-9a-f]{12}\s+2\/2 games/,
    );
    const stored = await vendor('ACME');
    expect(stored).toMatchObject({
      launchUrl: 'https://acme.example.com/play',
      integration: 'seamless',
      isDemo: false,
    });
    expect(stored?.walletPublicKey).toContain('BEGIN PUBLIC KEY');
    const tiles = await database.db
      .select()
      .from(gameVendorTiles)
      .where(eq(gameVendorTiles.vendorId, stored?.id ?? 0n));
    expect(tiles.map((tile) => tile.gameType).sort()).toEqual(['LIVE', 'RNG']);
    const [audit] = await database.db.select().from(auditEvents).where(eq(auditEvents.entityId, 'ACME'));
    expect(audit).toMatchObject({ actorType: 'system', actorId: 'cli:tester', action: 'games.vendor.add' });
  });

  it('refuses a second add, a bad key, a private key and bad files, with exit code 1', async () => {
    const again = await run('vendor', 'add', '--code', 'ACME', '--name', 'Again');
    expect(again).toMatchObject({ code: 1 });
    expect(again.output).toContain('VENDOR_EXISTS');

    const privateKey = await run(
      'vendor',
      'add',
      '--code',
      'PRIV',
      '--name',
      'P',
      '--public-key',
      'private.pem',
    );
    expect(privateKey.code).toBe(1);
    expect(privateKey.output).toContain('VALIDATION_FAILED');
    expect(privateKey.output).toContain('walletPublicKey');

    const missingFile = await run('vendor', 'add', '--code', 'MISS', '--name', 'M', '--games', 'nope.json');
    expect(missingFile.code).toBe(1);
    expect(missingFile.output).toContain('nope.json');

    const broken = await run('vendor', 'add', '--code', 'BROKEN', '--name', 'B', '--games', 'broken.json');
    expect(broken.code).toBe(1);
    expect(broken.output).toContain('games file');

    const badCode = await run('vendor', 'add', '--code', 'bad code', '--name', 'B');
    expect(badCode.code).toBe(1);
    expect(badCode.output).toContain('invalid code');

    for (const argv of [
      ['vendor'],
      ['vendor', 'delete'],
      ['vendor', 'add', '--name', 'X'],
      ['vendor', 'list', '--bogus'],
    ]) {
      const usage = await run(...argv);
      expect(usage.code, argv.join(' ')).toBe(1);
      expect(usage.output).toContain('usage:');
    }
    for (const code of ['PRIV', 'MISS', 'BROKEN']) expect(await vendor(code)).toBeUndefined();
  });

  it('updates a vendor: games and tiles from a file, disable, clear the key and launch URL', async () => {
    const changed = await run('vendor', 'update', '--code', 'ACME', '--games', 'more.json', '--disable');
    expect(changed.code).toBe(0);
    expect(changed.output).toMatch(/^updated ACME .* disabled/);
    const stored = await vendor('ACME');
    expect(stored?.isEnabled).toBe(false);
    const [renamed] = await database.db.select().from(games).where(eq(games.gameCode, 'ACME-2'));
    expect(renamed).toMatchObject({ name: 'Acme Baccarat Squeeze', searchName: 'acme baccarat squeeze' });
    const [live] = await database.db
      .select()
      .from(gameVendorTiles)
      .where(eq(gameVendorTiles.gameType, 'LIVE'));
    expect(live?.opensGameList).toBe(true);

    const cleared = await run(
      'vendor',
      'update',
      '--code',
      'ACME',
      '--clear-key',
      '--clear-launch-url',
      '--enable',
    );
    expect(cleared.code).toBe(0);
    expect(await vendor('ACME')).toMatchObject({ walletPublicKey: null, launchUrl: null, isEnabled: true });

    const unknown = await run('vendor', 'update', '--code', 'NOSUCH', '--enable');
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.output).toContain('NOT_FOUND');
    const nothing = await run('vendor', 'update', '--code', 'ACME');
    expect(nothing.code).toBe(1);
  });

  it('lists vendors, also as JSON', async () => {
    const listed = await run('vendor', 'list');
    expect(listed.code).toBe(0);
    expect(listed.output).toMatch(
      /^ACME\s+Acme Games\s+seamless\s+enabled\s+no key\s+2\/2 games\s+\(no launch URL\)$/m,
    );
    const json = await run('vendor', 'list', '--json');
    expect(JSON.parse(json.output)).toEqual([expect.objectContaining({ code: 'ACME', gameCount: 2 })]);
  });
});
