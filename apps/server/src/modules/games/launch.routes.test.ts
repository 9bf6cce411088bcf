import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/database';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.service';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { gameSessions, recentGames } from './games.tables';
import { addGame, addVendor } from './launch.test-helpers';

type Json = Record<string, unknown>;
type LaunchAnswer = { url: string; nodeId: number; gameCode: string; vassalage: string; mode: string };

describe('launching a game', () => {
  let testApp: TestApp;
  let member: MemberRow;
  let authorization: string;
  let trialAuthorization: string;
  const ids: Record<string, bigint> = {};

  const post = async (url: string, payload: Json, headers: Record<string, string> = {}) => {
    const response = await testApp.app.inject({ method: 'POST', url, payload, headers });
    return { status: response.statusCode, body: response.json<Json>() };
  };
  const launch = (nodeId: bigint, extra: Json = {}, auth = authorization) =>
    post(
      '/wps/game/launchGame',
      { nodeId: Number(nodeId), language: 'EN', ...extra },
      { authorization: auth },
    );
  const launchDemo = (nodeId: bigint) => post('/wps/game/launchDemo', { nodeId: Number(nodeId) });
  const sessionCount = async () => (await testApp.database.db.select().from(gameSessions)).length;
  const gameId = (key: string): bigint => {
    const id = ids[key];
    if (id === undefined) throw new Error(`no game ${key}`);
    return id;
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    const kit = walletTestKit(testApp);
    member = await kit.addMember('launcher');
    ({ authorization } = await loginAsMember(testApp, member.username));
    const trial = await kit.addMember('trial01', { type: 4 });
    ({ authorization: trialAuthorization } = await loginAsMember(testApp, trial.username));

    const seamless = await addVendor(db, {
      code: 'TSTSEAM',
      launchUrl: 'https://vendor.example/play?skin=blue&token=stale',
      tile: {},
    });
    ids.slot = await addGame(db, seamless, { code: 'slot-1', name: 'Lotus Slot' });
    ids.trialSlot = await addGame(db, seamless, { code: 'slot-2', hasTrial: true });
    ids.hiddenGame = await addGame(db, seamless, { code: 'slot-3', isEnabled: false });
    ids.offVendor = await addGame(db, await addVendor(db, { code: 'TSTOFF', isEnabled: false }), {
      code: 'off',
      hasTrial: true,
    });
    ids.offTile = await addGame(db, await addVendor(db, { code: 'TSTTILE', tile: { isEnabled: false } }), {
      code: 'tile',
    });
    ids.noUrl = await addGame(db, await addVendor(db, { code: 'TSTNOURL', launchUrl: null }), {
      code: 'no-url',
      hasTrial: true,
    });
    ids.badUrl = await addGame(
      db,
      await addVendor(db, { code: 'TSTBADURL', launchUrl: 'javascript:alert(1)' }),
      {
        code: 'bad-url',
        hasTrial: true,
      },
    );
    const keyless = await addVendor(db, {
      code: 'TSTNOKEY',
      walletPublicKey: null,
      tile: { freeplay: true },
    });
    ids.keyless = await addGame(db, keyless, { code: 'no-key' });
    ids.house = await addGame(db, await addVendor(db, { code: 'TSTHOUSE', integration: 'house' }), {
      code: 'crash',
      hasTrial: true,
    });
    ids.lottery = await addGame(db, await addVendor(db, { code: 'TCG_SEA' }), {
      code: 'sea-1',
      hasTrial: true,
    });
    ids.elott = await addGame(db, await addVendor(db, { code: 'ELOTT' }), { code: 'elott-1' });
  });
  afterAll(() => testApp.close());

  it('answers the vendor URL with a fresh launch token, whose SHA-256 alone is kept for 12 hours', async () => {
    const { status, body } = await post(
      '/wps/game/launchGame',
      { nodeId: Number(gameId('slot')), language: 'UR' },
      { authorization, origin: 'https://players.example:8443' },
    );
    expect(status).toBe(200);
    const value = body.value as LaunchAnswer;
    expect(value).toMatchObject({
      nodeId: Number(gameId('slot')),
      gameCode: 'slot-1',
      vassalage: 'TSTSEAM',
      gameName: 'Lotus Slot',
      mode: 'real',
    });
    const url = new URL(value.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://vendor.example/play');
    const token = url.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.getAll('token')).toEqual([token]);
    expect(Object.fromEntries([...url.searchParams].filter(([name]) => name !== 'token'))).toEqual({
      skin: 'blue',
      user: member.id.toString(),
      game: 'slot-1',
      vendor: 'TSTSEAM',
      currency: 'USD',
      lang: 'ur',
      mode: 'real',
      // The site page that frames the game, for the vendor's frame-ancestors (issue 30, point 7).
      origin: 'https://players.example:8443',
    });

    const [session] = await testApp.database.db
      .select()
      .from(gameSessions)
      .where(eq(gameSessions.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(session).toMatchObject({
      memberId: member.id,
      brandId: member.brandId,
      gameId: gameId('slot'),
      currency: 'USD',
    });
    const [lifetime] = await selectRows<{ is_twelve_hours: boolean }>(
      testApp.database.db,
      sql`select expires_at - created_at = interval '12 hours' as is_twelve_hours from game_sessions
          where id = ${session?.id ?? 0n}`,
    );
    expect(lifetime?.is_twelve_hours).toBe(true);
    const stored = await selectRows(testApp.database.db, sql`select * from game_sessions`);
    expect(
      JSON.stringify(stored, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
    ).not.toContain(token);
  });

  it('issues a new token on every launch and moves the game to the top of the recent games', async () => {
    const first = (await launch(gameId('trialSlot'))).body.value as LaunchAnswer;
    const second = (await launch(gameId('slot'))).body.value as LaunchAnswer;
    const tokenOf = (answer: LaunchAnswer) => new URL(answer.url).searchParams.get('token');
    expect(tokenOf(first)).not.toBe(tokenOf(second));

    const recent = await testApp.database.db
      .select({ gameId: recentGames.gameId })
      .from(recentGames)
      .where(eq(recentGames.memberId, member.id))
      .orderBy(sql`${recentGames.playedAt} desc`);
    expect(recent.map((row) => row.gameId)).toEqual([gameId('slot'), gameId('trialSlot')]);
  });

  it('needs a member: guests are refused, trial accounts get TRIAL_NOT_ALLOWED and nothing is written', async () => {
    const before = await sessionCount();
    expect((await post('/wps/game/launchGame', { nodeId: Number(gameId('slot')) })).body).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const trial = await launch(gameId('slot'), {}, trialAuthorization);
    expect(trial).toMatchObject({ status: 403, body: { success: false, code: 'TRIAL_NOT_ALLOWED' } });
    expect(await sessionCount()).toBe(before);
  });

  it('refuses unknown games, and games that are hidden, not connected or not launched by a vendor', async () => {
    const before = await sessionCount();
    expect(await launch(999_999n)).toMatchObject({ status: 404, body: { code: 'GAME_NOT_FOUND' } });
    for (const key of [
      'hiddenGame',
      'offVendor',
      'offTile',
      'noUrl',
      'badUrl',
      'keyless',
      'house',
      'lottery',
      'elott',
    ]) {
      expect(await launch(gameId(key)), key).toMatchObject({
        status: 409,
        body: { code: 'GAME_UNAVAILABLE' },
      });
    }
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a malformed language or node id', async () => {
    expect((await launch(gameId('slot'), { language: 'en&token=x' })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect((await launch(0n)).body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('starts a free trial for anyone, guests included: demo mode, no token, nothing written', async () => {
    const before = await sessionCount();
    const { status, body } = await launchDemo(gameId('trialSlot'));
    expect(status).toBe(200);
    const value = body.value as LaunchAnswer;
    expect(value.mode).toBe('demo');
    const url = new URL(value.url);
    expect(url.searchParams.has('token')).toBe(false);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      skin: 'blue',
      game: 'slot-2',
      vendor: 'TSTSEAM',
      currency: 'USD',
      lang: 'en',
      mode: 'demo',
      // No Origin header: the address the launch call came to.
      origin: 'http://localhost',
    });
    // The tile's free play offers the trial too; a vendor without a wallet key can still show its demo.
    expect((await launchDemo(gameId('keyless'))).body).toMatchObject({ value: { mode: 'demo' } });
    // A trial account may play the vendor's pretend money through either endpoint.
    expect((await launch(gameId('trialSlot'), { demo: true }, trialAuthorization)).body).toMatchObject({
      value: { mode: 'demo' },
    });
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a free trial the game does not offer, or of a game a vendor does not launch', async () => {
    for (const key of ['slot', 'hiddenGame', 'offVendor', 'noUrl', 'house', 'lottery']) {
      expect(await launchDemo(gameId(key)), key).toMatchObject({
        status: 409,
        body: { code: 'GAME_UNAVAILABLE' },
      });
    }
    expect(await launchDemo(999_999n)).toMatchObject({ status: 404, body: { code: 'GAME_NOT_FOUND' } });
  });
});
