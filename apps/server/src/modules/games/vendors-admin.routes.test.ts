import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { vendorListResponseSchema, vendorResponseSchema } from '@wps/contracts/games-admin';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsOperator, type TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { catalogueKit, rsaKeyPair } from './catalogue.test-helpers';
import { gameVendors, games } from './games.tables';

type Caller = { authorization: string };

const fingerprintOf = (pem: string) =>
  createHash('sha256')
    .update(createPublicKey(pem).export({ type: 'spki', format: 'der' }))
    .digest('hex');

describe('operator API: game vendors', () => {
  let subject: TestApp;
  let kit: ReturnType<typeof catalogueKit>;
  let admin: Caller;
  let support: Caller;
  const keys = rsaKeyPair();
  beforeAll(async () => {
    subject = await createTestApp();
    kit = catalogueKit(subject);
    admin = await loginAsOperator(subject.app);
    support = await walletTestKit(subject).loginAsStaff('support1', 'support');
  });
  afterAll(() => subject.close());

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, caller: Partial<Caller>, payload?: object) =>
    subject.app.inject({
      method,
      url: `/wps/backoffice${url}`,
      headers: caller.authorization ? { authorization: caller.authorization } : {},
      ...(payload ? { payload } : {}),
    });
  const newVendor = (code: string, extra: object = {}) => ({
    code,
    displayName: `${code} Games`,
    walletPublicKey: keys.publicKey,
    launchUrl: `https://${code.toLowerCase()}.example.com/launch`,
    tiles: [{ gameType: 'RNG', sortOrder: 5, freeplay: true }],
    games: [
      { gameCode: `${code}-1`, name: 'Señorita Spins', gameType: 'RNG', isHot: true, hasTrial: true },
      { gameCode: `${code}-2`, name: 'Nova Fish', gameType: 'FISH' },
    ],
    ...extra,
  });
  const auditOf = (code: string) =>
    subject.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'game_vendor'), eq(auditEvents.entityId, code)));

  it('refuses guests, and lets only admins change vendors', async () => {
    expect((await send('GET', '/game-vendors', {})).statusCode).toBe(401);
    expect((await send('POST', '/game-vendors', {}, newVendor('GUEST'))).statusCode).toBe(401);
    expect((await send('GET', '/game-vendors', support)).statusCode).toBe(200);
    const refused = await send('POST', '/game-vendors', support, newVendor('SUPPORT'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    const update = await send('PUT', '/game-vendors/PG', support, { isEnabled: false });
    expect(update.statusCode).toBe(403);
    const vendors = await subject.database.db
      .select()
      .from(gameVendors)
      .where(eq(gameVendors.code, 'SUPPORT'));
    expect(vendors).toEqual([]);
  });

  it('lists the demo vendors, marked demo, without their keys', async () => {
    const list = vendorListResponseSchema.parse((await send('GET', '/game-vendors', admin)).json()).value;
    const pg = list.find((vendor) => vendor.code === 'PG');
    expect(pg).toMatchObject({
      isDemo: true,
      integration: 'seamless',
      displayName: 'PG (demo)',
      gameCount: 320,
    });
    expect(list.find((vendor) => vendor.code === 'ELOTT')).toMatchObject({
      integration: 'house',
      isDemo: true,
    });
    expect(JSON.stringify(list)).not.toContain('BEGIN PUBLIC KEY');
  });

  it('adds a vendor with its key, launch URL, tiles and games, audited, and shows its games at once', async () => {
    const response = await send('POST', '/game-vendors', admin, newVendor('NOVA'));
    expect(response.statusCode).toBe(200);
    const summary = vendorResponseSchema.parse(response.json()).value;
    expect(summary).toMatchObject({
      code: 'NOVA',
      displayName: 'NOVA Games',
      integration: 'seamless',
      isEnabled: true,
      isDemo: false,
      launchUrl: 'https://nova.example.com/launch',
      walletKeyFingerprint: fingerprintOf(keys.publicKey),
      gameCount: 2,
      enabledGameCount: 2,
    });
    // The FISH game came without a tile: it got a default one.
    expect(summary.tiles.map((tile) => tile.gameType).sort()).toEqual(['FISH', 'RNG']);

    const [stored] = await subject.database.db.select().from(gameVendors).where(eq(gameVendors.code, 'NOVA'));
    expect(stored?.walletPublicKey).toContain('BEGIN PUBLIC KEY');
    const [game] = await subject.database.db.select().from(games).where(eq(games.gameCode, 'NOVA-1'));
    expect(game?.searchName).toBe('senorita spins');

    const found = await kit.gameList({ gameName: 'SENORITA' });
    expect(found.games).toHaveLength(1);
    expect(found.games[0]).toMatchObject({ vassalage: 'NOVA', isHot: 1, supportPlay: 0, freeplay: 1 });
    expect(
      (await kit.menus()).find((menu) => menu.title === 'FISH')?.cards.map((card) => card.vassalage),
    ).toContain('NOVA');

    const [audit] = await auditOf('NOVA');
    expect(audit).toMatchObject({ action: 'games.vendor.add', actorType: 'staff' });
    expect(JSON.stringify(audit?.after)).not.toContain('BEGIN PUBLIC KEY');
  });

  it('refuses a second add of a code with VENDOR_EXISTS, changing nothing', async () => {
    const response = await send('POST', '/game-vendors', admin, newVendor('NOVA', { displayName: 'Other' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'VENDOR_EXISTS' });
    const [stored] = await subject.database.db.select().from(gameVendors).where(eq(gameVendors.code, 'NOVA'));
    expect(stored?.displayName).toBe('NOVA Games');
    // Two adds of one code at once: exactly one wins.
    const race = await Promise.all([1, 2].map(() => send('POST', '/game-vendors', admin, newVendor('RACE'))));
    expect(race.map((entry) => entry.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses keys that are not RSA public keys of at least 2,048 bits', async () => {
    const ec = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const small = rsaKeyPair(1024);
    for (const walletPublicKey of [
      'not a key',
      '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
      ec.publicKey,
      small.publicKey,
      keys.privateKey,
    ]) {
      const response = await send('POST', '/game-vendors', admin, newVendor('BADKEY', { walletPublicKey }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        value: { issues: [{ field: 'walletPublicKey' }] },
      });
    }
    const pkcs1 = createPublicKey(keys.publicKey).export({ type: 'pkcs1', format: 'pem' }).toString();
    const accepted = await send(
      'POST',
      '/game-vendors',
      admin,
      newVendor('PKCS1', { walletPublicKey: pkcs1 }),
    );
    expect(vendorResponseSchema.parse(accepted.json()).value.walletKeyFingerprint).toBe(
      fingerprintOf(keys.publicKey),
    );
    expect(
      await subject.database.db.select().from(gameVendors).where(eq(gameVendors.code, 'BADKEY')),
    ).toEqual([]);
  });

  it('refuses bad input: codes, URLs, repeated game codes, unknown fields', async () => {
    for (const payload of [
      newVendor('lower'),
      newVendor('BADURL', { launchUrl: 'javascript:alert(1)' }),
      newVendor('DUP', {
        games: [
          { gameCode: 'X', name: 'A', gameType: 'RNG' },
          { gameCode: 'X', name: 'B', gameType: 'RNG' },
        ],
      }),
      newVendor('BADCODE', { games: [{ gameCode: '../x', name: 'A', gameType: 'RNG' }] }),
      newVendor('BADTYPE', { games: [{ gameCode: 'A', name: 'A', gameType: 'ESPORTS' }] }),
      newVendor('EXTRA', { secret: 1 }),
    ]) {
      const response = await send('POST', '/game-vendors', admin, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('updates key, launch URL, enabled state and games, audited with before and after', async () => {
    const other = rsaKeyPair();
    const response = await send('PUT', '/game-vendors/NOVA', admin, {
      walletPublicKey: other.publicKey,
      launchUrl: 'https://play.nova.example.com/',
      games: [
        { gameCode: 'NOVA-1', name: 'Señorita Spins Deluxe', gameType: 'RNG', isHot: false },
        { gameCode: 'NOVA-3', name: 'Nova Poker', gameType: 'PVP', isEnabled: false },
      ],
    });
    expect(response.statusCode).toBe(200);
    const summary = vendorResponseSchema.parse(response.json()).value;
    expect(summary).toMatchObject({
      walletKeyFingerprint: fingerprintOf(other.publicKey),
      launchUrl: 'https://play.nova.example.com/',
      gameCount: 3,
      enabledGameCount: 2,
    });
    expect(
      (await kit.gameList({ gameName: 'senorita', vassalage: 'NOVA' })).games.map((game) => game.gameName),
    ).toEqual(['Señorita Spins Deluxe']);
    expect((await kit.gameList({ gameName: 'nova poker', vassalage: 'NOVA' })).games).toEqual([]);

    const disabled = await send('PUT', '/game-vendors/NOVA', admin, { isEnabled: false, launchUrl: null });
    expect(vendorResponseSchema.parse(disabled.json()).value).toMatchObject({
      isEnabled: false,
      launchUrl: null,
    });
    expect((await kit.gameList({ gameName: 'senorita', vassalage: 'NOVA' })).games).toEqual([]);

    const cleared = await send('PUT', '/game-vendors/NOVA', admin, { walletPublicKey: null });
    expect(vendorResponseSchema.parse(cleared.json()).value.walletKeyFingerprint).toBeNull();

    const trail = await auditOf('NOVA');
    expect(trail.map((event) => event.action)).toEqual([
      'games.vendor.add',
      'games.vendor.update',
      'games.vendor.update',
      'games.vendor.update',
    ]);
    expect(trail[1]?.before).toMatchObject({ walletKeyFingerprint: fingerprintOf(keys.publicKey) });
    expect(trail[1]?.after).toMatchObject({ walletKeyFingerprint: fingerprintOf(other.publicKey) });

    for (const [payload, status, code] of [
      [{ isEnabled: true }, 404, 'NOT_FOUND'],
      [{}, 400, 'VALIDATION_FAILED'],
    ] as const) {
      const url = status === 404 ? '/game-vendors/NOSUCH' : '/game-vendors/NOVA';
      const refused = await send('PUT', url, admin, payload);
      expect(refused.statusCode).toBe(status);
      expect(refused.json()).toMatchObject({ code });
    }
  });
});
