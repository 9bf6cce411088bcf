import {
  adminGameResponseSchema,
  adminGamesResponseSchema,
  vendorResponseSchema,
} from '@wps/contracts/games-admin';
import { hotGamesResponseSchema } from '@wps/contracts/games';
import { and, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import { uploads } from '../uploads/uploads.tables';
import { catalogueKit, rsaKeyPair } from './catalogue.test-helpers';
import { gameVendors } from './games.tables';

type Headers = Record<string, string>;

const png = PNG.sync.write(new PNG({ width: 4, height: 4 }));

const imageForm = (data: Buffer, type = 'image/png') => {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(data)], { type }), 'icon.png');
  return body;
};

describe('operator API: the games catalogue and vendor maintenance', () => {
  let subject: TestApp;
  let kit: ReturnType<typeof catalogueKit>;
  let admin: Headers;
  let support: Headers;
  const ids = new Map<string, string>();
  const idOf = (gameCode: string): string => {
    const id = ids.get(gameCode);
    if (id === undefined) throw new Error(`no game ${gameCode}`);
    return id;
  };

  beforeAll(async () => {
    subject = await createTestApp();
    kit = catalogueKit(subject);
    admin = await operatorHeaders(subject.app);
    support = await createStaff(subject.app, { username: 'games-support', role: 'support' });
    const registered = await send('POST', '/game-vendors', admin, {
      code: 'CONSOLE',
      displayName: 'Console Games',
      walletPublicKey: rsaKeyPair().publicKey,
      launchUrl: 'https://console.example.com/launch',
      tiles: [{ gameType: 'RNG' }],
      games: [
        { gameCode: 'C-1', name: 'Amber Reels', gameType: 'RNG', sortOrder: 1, hasTrial: true },
        { gameCode: 'C-2', name: 'Blue Lagoon', gameType: 'RNG', sortOrder: 2 },
        { gameCode: 'C-3', name: 'Coral Fish', gameType: 'FISH', sortOrder: 3 },
      ],
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const page = await list({ vendor: 'CONSOLE' }, admin);
    for (const game of page.games) ids.set(game.gameCode, game.id);
  });
  afterAll(() => subject.close());

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: object,
  ) =>
    subject.app.inject({
      method,
      url: `/wps/backoffice${url}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
  const list = async (query: Record<string, string>, headers: Headers) => {
    const response = await send('GET', `/games?${new URLSearchParams(query).toString()}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return adminGamesResponseSchema.parse(response.json()).value;
  };
  const patch = (gameCode: string, body: object, headers = admin) =>
    send('PATCH', `/games/${idOf(gameCode)}`, headers, body);
  const lobby = async () =>
    (await kit.gameList({ gameType: 'RNG', vassalage: 'CONSOLE', pageSize: 50 })).games.map(
      (game) => game.gameCode,
    );
  const auditOf = (entityId: string) =>
    subject.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'game'), eq(auditEvents.entityId, entityId)));

  it('pages the whole catalogue on the server, by vendor, category, status, mark and search', async () => {
    const all = await list({ pageSize: '5' }, admin);
    expect(all.games).toHaveLength(5);
    expect(all.total).toBeGreaterThan(300);
    expect(all.totalPages).toBe(Math.ceil(all.total / 5));
    const second = await list({ pageSize: '5', pageNo: '2' }, admin);
    expect(second.games.map((game) => game.id)).not.toContain(all.games[0]?.id);

    const mine = await list({ vendor: 'CONSOLE' }, admin);
    expect(mine.games.map((game) => [game.gameCode, game.category, game.vendorName])).toEqual([
      ['C-3', 'FISH', 'Console Games'],
      ['C-1', 'RNG', 'Console Games'],
      ['C-2', 'RNG', 'Console Games'],
    ]);
    expect(mine.games[1]).toMatchObject({
      iconUrl: '/TCG_GAME_ICONS/CONSOLE/C-1.png',
      hasOwnImage: false,
      isEnabled: true,
    });
    expect((await list({ vendor: 'CONSOLE', category: 'FISH' }, admin)).games).toHaveLength(1);
    expect(
      (await list({ vendor: 'CONSOLE', search: 'lagoon' }, admin)).games.map((game) => game.gameCode),
    ).toEqual(['C-2']);
    expect(
      (await list({ vendor: 'CONSOLE', search: 'c-3' }, admin)).games.map((game) => game.gameCode),
    ).toEqual(['C-3']);
    // The cockfight lobby is SPORTS games of the cockfight vendors and the house.
    const cockfight = await list({ category: 'COCKFIGHT' }, admin);
    expect(cockfight.total).toBeGreaterThan(0);
    expect(cockfight.games.every((game) => game.category === 'COCKFIGHT')).toBe(true);
    expect((await list({ category: 'SPORTS' }, admin)).games.some((game) => game.category !== 'SPORTS')).toBe(
      false,
    );
    const refused = await send('GET', '/games?pageSize=500', admin);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('lets staff who may only look list games but not change them', async () => {
    expect((await list({ vendor: 'CONSOLE' }, support)).total).toBe(3);
    const refused = await patch('C-1', { isEnabled: false }, support);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await send('DELETE', `/games/${idOf('C-1')}/image`, support)).statusCode).toBe(403);
    expect((await send('GET', '/games', {})).statusCode).toBe(401);
  });

  it("changes a game's listing, audited, and the site's lobby shows it at once", async () => {
    expect(await lobby()).toEqual(['C-1', 'C-2']);

    const moved = await patch('C-2', { sortOrder: -5, isHot: true });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(adminGameResponseSchema.parse(moved.json()).value).toMatchObject({ sortOrder: -5, isHot: true });
    expect(await lobby()).toEqual(['C-2', 'C-1']);
    const hot = hotGamesResponseSchema.parse(
      (await kit.get('/wps/relay/GCSGAME_hotGamesV2?gameType=RNG&vassalage=CONSOLE')).json(),
    ).value.list;
    expect(hot.map((game) => game.gameCode)).toEqual(['C-2']);
    expect(
      (await list({ vendor: 'CONSOLE', flag: 'hot' }, admin)).games.map((game) => game.gameCode),
    ).toEqual(['C-2']);

    expect((await patch('C-1', { isEnabled: false, isNew: true })).statusCode).toBe(200);
    expect(await lobby()).toEqual(['C-2']);
    expect(
      (await list({ vendor: 'CONSOLE', status: 'disabled' }, admin)).games.map((game) => game.gameCode),
    ).toEqual(['C-1']);
    expect((await patch('C-1', { isEnabled: true })).statusCode).toBe(200);
    expect(await lobby()).toEqual(['C-2', 'C-1']);

    const [first, second] = await auditOf(idOf('C-1'));
    expect(first).toMatchObject({
      action: 'games.game.update',
      actorType: 'staff',
      before: { isEnabled: true, isNew: false },
      after: { isEnabled: false, isNew: true, vendorCode: 'CONSOLE', gameCode: 'C-1' },
    });
    expect(second?.after).toMatchObject({ isEnabled: true });

    for (const [url, body, code] of [
      [`/games/${idOf('C-1')}`, {}, 'VALIDATION_FAILED'],
      [`/games/${idOf('C-1')}`, { name: 'Renamed' }, 'VALIDATION_FAILED'],
      ['/games/999999999', { isHot: true }, 'GAME_NOT_FOUND'],
    ] as const) {
      const refused = await send('PATCH', url, admin, body);
      expect(refused.json(), url).toMatchObject({ code });
    }
  });

  it('uploads, shows, replaces and drops a game picture; the purge keeps the one shown', async () => {
    const id = idOf('C-1');
    const uploaded = await subject.app.inject({
      method: 'PUT',
      url: `/wps/backoffice/games/${id}/image`,
      headers: admin,
      payload: imageForm(png),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const game = adminGameResponseSchema.parse(uploaded.json()).value;
    expect(game.hasOwnImage).toBe(true);
    expect(game.iconUrl).toMatch(/^\/TCG_GAME_ICONS\/uploaded\/[0-9a-f-]{36}$/);

    const card = (await kit.gameList({ gameType: 'RNG', vassalage: 'CONSOLE' })).games.find(
      (entry) => entry.gameCode === 'C-1',
    );
    expect(card).toMatchObject({ iconUrl: game.iconUrl, lagerIcon: game.iconUrl });
    const served = await kit.get(game.iconUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    const uploadId = game.iconUrl.split('/').pop() ?? '';
    const [row] = await subject.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
    expect(row).toMatchObject({ purpose: 'game_image', memberId: null });
    await subject.app.uploads.uploads.purgeOrphans(new Date(Date.now() + 3 * 24 * 3_600_000));
    expect(await subject.database.db.select().from(uploads).where(eq(uploads.id, uploadId))).toHaveLength(1);

    const notAnImage = await subject.app.inject({
      method: 'PUT',
      url: `/wps/backoffice/games/${id}/image`,
      headers: admin,
      payload: imageForm(Buffer.from('plain text, not a picture'), 'image/png'),
    });
    expect(notAnImage.json()).toMatchObject({ code: 'UPLOAD_INVALID_TYPE' });

    const dropped = await send('DELETE', `/games/${id}/image`, admin);
    expect(adminGameResponseSchema.parse(dropped.json()).value).toMatchObject({
      hasOwnImage: false,
      iconUrl: '/TCG_GAME_ICONS/CONSOLE/C-1.png',
    });
    expect((await kit.get(game.iconUrl)).statusCode).toBe(404);
    expect((await auditOf(id)).filter((event) => event.action === 'games.game.image')).toHaveLength(2);
  });

  it('puts a vendor under maintenance until a time: its games do not launch until it is over', async () => {
    const launchDemo = () =>
      subject.app.inject({
        method: 'POST',
        url: '/wps/game/launchDemo',
        payload: { nodeId: Number(idOf('C-1')) },
      });
    expect((await launchDemo()).statusCode).toBe(200);

    const endsAt = new Date(Date.now() + 3_600_000).toISOString();
    const on = await send('PUT', '/game-vendors/CONSOLE', admin, { maintenance: { isOn: true, endsAt } });
    expect(on.statusCode, on.body).toBe(200);
    expect(vendorResponseSchema.parse(on.json()).value.maintenance).toEqual({
      isOn: true,
      endsAt,
      isActive: true,
    });
    const refused = await launchDemo();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'GAME_UNAVAILABLE' });
    expect(refused.json<{ message: string }>().message).toContain('maintenance');

    // Its end passed: maintenance is over without anyone switching it off.
    await subject.database.db
      .update(gameVendors)
      .set({ maintenanceEndsAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(gameVendors.code, 'CONSOLE'));
    expect((await launchDemo()).statusCode).toBe(200);
    const listed = await send('GET', '/game-vendors', support);
    expect(
      listed
        .json<{ value: Array<{ code: string; maintenance: object }> }>()
        .value.find((vendor) => vendor.code === 'CONSOLE')?.maintenance,
    ).toEqual({ isOn: true, endsAt: '2020-01-01T00:00:00.000Z', isActive: false });

    // Without an end it holds until switched off; an end already past is refused.
    await send('PUT', '/game-vendors/CONSOLE', admin, { maintenance: { isOn: true } });
    expect((await launchDemo()).statusCode).toBe(409);
    const past = await send('PUT', '/game-vendors/CONSOLE', admin, {
      maintenance: { isOn: true, endsAt: '2020-01-01T00:00:00Z' },
    });
    expect(past.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      value: { issues: [{ field: 'maintenance.endsAt' }] },
    });
    const off = await send('PUT', '/game-vendors/CONSOLE', admin, { maintenance: { isOn: false } });
    expect(vendorResponseSchema.parse(off.json()).value.maintenance).toEqual({
      isOn: false,
      endsAt: null,
      isActive: false,
    });
    expect((await launchDemo()).statusCode).toBe(200);

    const trail = await subject.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'game_vendor'), eq(auditEvents.entityId, 'CONSOLE')));
    expect(trail.at(-1)).toMatchObject({
      action: 'games.vendor.update',
      before: { maintenance: { isOn: true } },
      after: { maintenance: { isOn: false } },
    });
  });
});
