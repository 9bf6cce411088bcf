import {
  favoriteGameIdsResponseSchema,
  favoriteGamesResponseSchema,
  recentGamesResponseSchema,
  type Game,
} from '@wps/contracts/games';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { recordRecentGame } from './catalogue.service';
import { catalogueKit } from './catalogue.test-helpers';
import { favoriteGames, recentGames } from './games.tables';

type Caller = { authorization: string };

describe('favourites and recent games', () => {
  let subject: TestApp;
  let kit: ReturnType<typeof catalogueKit>;
  let player: Caller;
  let trial: Caller;
  let slots: Game[];
  let live: Game[];
  beforeAll(async () => {
    subject = await createTestApp();
    kit = catalogueKit(subject);
    const demo = await loginAsMember(subject, 'demoplayer');
    player = { authorization: demo.authorization };
    await walletTestKit(subject).addMember('trialuser1', { type: 4 });
    const trialSession = await loginAsMember(subject, 'trialuser1');
    trial = { authorization: trialSession.authorization };
    slots = (await kit.gameList({ gameType: 'RNG', pageSize: 30 })).games;
    live = (await kit.gameList({ gameType: 'LIVE', pageSize: 5 })).games;
  });
  afterAll(() => subject.close());

  const inject = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => subject.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const ids = async (caller: Caller) =>
    favoriteGameIdsResponseSchema.parse(
      (await inject('GET', '/wps/relay/MCSFE_getFavoriteGames', caller)).json(),
    ).value;
  const add = (caller: Caller, game: Pick<Game, 'nodeId'> & Partial<Game>) =>
    inject('POST', '/wps/relay/MCSFE_addFavoriteGameV2', caller, {
      nodeId: game.nodeId,
      vendor: game.vassalage,
      gameType: game.gameType,
    });
  const removeByQuery = (caller: Caller, nodeId: number) =>
    inject('DELETE', `/wps/relay/MCSFE_removeFavoriteGameV2?nodeId=${nodeId}&vendor=PG&gameType=RNG`, caller);
  const removeByBody = (caller: Caller, nodeId: number) =>
    inject('DELETE', '/wps/relay/MCSFE_removeFavoriteGameV2', caller, { nodeId });
  const favouritePage = async (caller: Caller, params: Record<string, string | number>) =>
    favoriteGamesResponseSchema.parse(
      (await inject('GET', `/wps/relay/MCSFE_getFavoriteGamesList?${kit.query(params)}`, caller)).json(),
    ).value;
  const recentPage = async (caller: Caller, params: Record<string, string | number>) =>
    recentGamesResponseSchema.parse(
      (await inject('GET', `/wps/relay/GCS_recentGame?${kit.query(params)}`, caller)).json(),
    ).value;
  const game = (list: Game[], index: number): Game => {
    const found = list[index];
    if (!found) throw new Error(`no game ${String(index)}`);
    return found;
  };

  it('refuses guests on every favourite and recent call', async () => {
    const calls = [
      inject('GET', '/wps/relay/MCSFE_getFavoriteGames', {}),
      inject('GET', '/wps/relay/MCSFE_getFavoriteGamesList?pageNo=1&pageSize=15', {}),
      inject('POST', '/wps/relay/MCSFE_addFavoriteGameV2', {}, { nodeId: game(slots, 0).nodeId }),
      inject('DELETE', `/wps/relay/MCSFE_removeFavoriteGameV2?nodeId=${game(slots, 0).nodeId}`, {}),
      inject('GET', '/wps/relay/GCS_recentGame?page=1&pageSize=15', {}),
      inject('GET', '/wps/relay/GCS_recentGame', { authorization: 'Bearer not-a-session' }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
    expect(await subject.database.db.select().from(favoriteGames)).toEqual([]);
  });

  it('adds and removes favourites idempotently, newest first', async () => {
    const [first, second, third] = [game(slots, 0), game(slots, 1), game(live, 0)];
    expect((await add(player, first)).json()).toMatchObject({ success: true, value: [first.nodeId] });
    expect((await add(player, second)).json()).toMatchObject({ value: [second.nodeId, first.nodeId] });
    // Again: nothing changes, not even the order.
    expect((await add(player, first)).json()).toMatchObject({ value: [second.nodeId, first.nodeId] });
    await add(player, third);
    expect(await ids(player)).toEqual([third.nodeId, second.nodeId, first.nodeId]);

    expect((await removeByQuery(player, second.nodeId)).json()).toMatchObject({
      success: true,
      value: [third.nodeId, first.nodeId],
    });
    expect((await removeByBody(player, second.nodeId)).statusCode).toBe(200);
    expect((await removeByBody(player, third.nodeId)).json()).toMatchObject({ value: [first.nodeId] });
    expect(await ids(player)).toEqual([first.nodeId]);
  });

  it('answers GAME_NOT_FOUND for an unknown game and VALIDATION_FAILED without a nodeId', async () => {
    for (const response of [
      await add(player, { nodeId: 987_654_321 }),
      await removeByQuery(player, 987_654_321),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'GAME_NOT_FOUND' });
    }
    const missing = await inject('DELETE', '/wps/relay/MCSFE_removeFavoriteGameV2', player);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const bad = await inject('POST', '/wps/relay/MCSFE_addFavoriteGameV2', player, { nodeId: 'x' });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses trial accounts a change, and shows them their (empty) lists', async () => {
    for (const response of [
      await add(trial, game(slots, 2)),
      await removeByQuery(trial, game(slots, 2).nodeId),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'TRIAL_NOT_ALLOWED' });
    }
    expect(await ids(trial)).toEqual([]);
    expect(await favouritePage(trial, { pageNo: 1, pageSize: 15 })).toEqual({
      content: [],
      pageNum: 1,
      totalPages: 0,
    });
    expect(await recentPage(trial, { page: 1, pageSize: 15 })).toEqual({ list: [], totalPages: 0 });
  });

  it('pages the favourites list and narrows it by category and vendor', async () => {
    const member = await loginAsMember(subject, 'demoagent');
    const chosen = slots.slice(0, 20);
    for (const entry of chosen) await add(member, entry);
    await add(member, game(live, 1));

    const firstPage = await favouritePage(member, { pageNo: 1, pageSize: 15 });
    expect(firstPage.totalPages).toBe(2);
    expect(firstPage.pageNum).toBe(1);
    expect(firstPage.content[0]?.nodeId).toBe(game(live, 1).nodeId);
    const secondPage = await favouritePage(member, { pageNo: 2, pageSize: 15 });
    expect(secondPage.content).toHaveLength(6);
    expect(await favouritePage(member, { pageNo: 9, pageSize: 15 })).toEqual({
      content: [],
      pageNum: 9,
      totalPages: 2,
    });

    const everything = await favouritePage(member, { pageNo: 1, pageSize: 999 });
    expect(everything.content).toHaveLength(21);
    const onlyRng = await favouritePage(member, { pageNo: 1, pageSize: 999, gameType: 'RNG' });
    expect(onlyRng.content.map((entry) => entry.nodeId).sort()).toEqual(
      chosen.map((entry) => entry.nodeId).sort(),
    );
    const vendor = game(slots, 0).vassalage;
    const byVendor = await favouritePage(member, { pageNo: 1, pageSize: 999, vassalage: vendor });
    expect(byVendor.content.every((entry) => entry.vassalage === vendor)).toBe(true);
    expect(byVendor.content.length).toBe(chosen.filter((entry) => entry.vassalage === vendor).length);
  });

  it('lists recent games newest first, narrowed and paged, keeping the newest 100', async () => {
    const { db } = subject.database;
    const member = await walletTestKit(subject).addMember('recentplayer');
    const caller = (await loginAsMember(subject, 'recentplayer')).authorization;
    expect(await recentPage({ authorization: caller }, { page: 1, pageSize: 15 })).toEqual({
      list: [],
      totalPages: 0,
    });

    const [a, b, c] = [game(slots, 3), game(slots, 4), game(live, 2)];
    for (const entry of [a, b, c]) {
      await recordRecentGame(db, member.id, BigInt(entry.nodeId));
      // Distinct times so the order is the order of play.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await recordRecentGame(db, member.id, BigInt(a.nodeId));
    const recent = await recentPage({ authorization: caller }, { page: 1, pageSize: 15, language: 'EN' });
    expect(recent.list.map((entry) => entry.nodeId)).toEqual([a.nodeId, c.nodeId, b.nodeId]);
    expect(recent.totalPages).toBe(1);
    expect(
      (await recentPage({ authorization: caller }, { page: 1, pageSize: 15, gameType: 'LIVE' })).list.map(
        (entry) => entry.nodeId,
      ),
    ).toEqual([c.nodeId]);
    const paged = await recentPage({ authorization: caller }, { page: 2, pageSize: 2 });
    expect(paged).toMatchObject({ totalPages: 2 });
    expect(paged.list.map((entry) => entry.nodeId)).toEqual([b.nodeId]);
    const fromList = await kit.gameList(
      { gameClassify: 'RECENT', gameType: 'RNG' },
      { authorization: caller },
    );
    expect(fromList.games.map((entry) => entry.nodeId)).toEqual([a.nodeId, b.nodeId]);

    const many = await kit.allGames({ gameType: 'RNG' });
    for (const entry of many.slice(10, 115)) await recordRecentGame(db, member.id, BigInt(entry.nodeId));
    const kept = await db.select().from(recentGames).where(eq(recentGames.memberId, member.id));
    expect(kept).toHaveLength(100);
    expect(kept.map((row) => Number(row.gameId))).toContain(game(many, 114).nodeId);
  });
});
