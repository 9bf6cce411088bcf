import { generateKeyPairSync } from 'node:crypto';
import {
  gameListResponseSchema,
  gameMenusResponseSchema,
  type Game,
  type GameCategoryMenu,
} from '@wps/contracts/games';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../testing/test-app';
import { brands } from '../site/site.tables';

/** Test helpers for the catalogue endpoints: typed reads, a second brand, vendor keys. */

type Headers = Record<string, string>;

export const catalogueKit = (testApp: TestApp) => {
  const { app } = testApp;

  const get = (url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers });

  const query = (params: Record<string, string | number | undefined>): string =>
    new URLSearchParams(
      Object.entries(params).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
    ).toString();

  /** A page of the game list; fails the test on anything but success. */
  const gameList = async (params: Record<string, string | number | undefined>, headers: Headers = {}) => {
    const response = await get(`/wps/relay/GCSGAME_gameList?${query(params)}`, headers);
    if (response.statusCode !== 200) throw new Error(`gameList ${response.statusCode}: ${response.body}`);
    return gameListResponseSchema.parse(response.json()).value;
  };

  /** Every game of a list, page after page. */
  const allGames = async (params: Record<string, string | number | undefined>): Promise<Game[]> => {
    const games: Game[] = [];
    for (let pageNo = 1; ; pageNo += 1) {
      const page = await gameList({ ...params, pageNo, pageSize: 999 });
      games.push(...page.games);
      if (pageNo >= page.totalPages) return games;
    }
  };

  const menus = async (
    params: Record<string, string> = {},
    headers: Headers = {},
  ): Promise<GameCategoryMenu[]> => {
    const response = await get(`/wps/lgw/games/game_menus?${query(params)}`, headers);
    if (response.statusCode !== 200) throw new Error(`game_menus ${response.statusCode}: ${response.body}`);
    return gameMenusResponseSchema.parse(response.json()).value;
  };

  /** A second brand, like the demo one but with other languages; answers its merchant header. */
  const addBrand = async (merchantCode: string, supportedLanguages: string[]): Promise<Headers> => {
    const [demo] = await testApp.database.db.select().from(brands).where(eq(brands.merchantCode, 'DEMO'));
    if (!demo) throw new Error('no demo brand');
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = demo;
    await testApp.database.db.insert(brands).values({ ...rest, merchantCode, supportedLanguages });
    return { 'x-merchant-code': merchantCode };
  };

  return { get, query, gameList, allGames, menus, addBrand };
};

/** An RSA key pair of the given size, as PEM. */
export const rsaKeyPair = (modulusLength = 2048) =>
  generateKeyPairSync('rsa', {
    modulusLength,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
