import { randomUUID } from 'node:crypto';
import {
  esportsVendorCodes,
  type Game,
  gameVendorLanesResponseSchema,
  hotGamesResponseSchema,
  rankListResponseSchema,
  searchableName,
  vendorGameTypesResponseSchema,
} from '@wps/contracts/games';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, loginAsOperator, type TestApp } from '../../testing/test-app';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';
import { catalogueKit } from './catalogue.test-helpers';
import { demoGameCount } from './games.seed';
import { gameRounds, gameTransactions, gameVendors, games } from './games.tables';

describe('game catalogue', () => {
  let subject: TestApp;
  let kit: ReturnType<typeof catalogueKit>;
  beforeAll(async () => {
    subject = await createTestApp();
    kit = catalogueKit(subject);
  });
  afterAll(() => subject.close());

  describe('categories', () => {
    it('shows every category that has vendors, with e-sports and cockfight split from sports', async () => {
      const menus = await kit.menus();
      expect(menus.map((menu) => menu.title)).toEqual([
        'RNG',
        'LIVE',
        'FISH',
        'SPORTS',
        'PVP',
        'LOTT',
        'ELOTT',
        'ESPORTS',
        'COCKFIGHT',
      ]);
      const cardsOf = (title: string) =>
        menus.find((menu) => menu.title === title)?.cards.map((card) => card.vassalage);
      expect(cardsOf('SPORTS')).toEqual(['BTI']);
      expect(cardsOf('ESPORTS')?.sort()).toEqual([...esportsVendorCodes].sort());
      // The house's own arena (a SPORTS game of vendor HOUSE) comes first, then the cockfight vendor.
      expect(cardsOf('COCKFIGHT')).toEqual(['HOUSE', 'DS88']);
      expect(
        menus.find((menu) => menu.title === 'ESPORTS')?.cards.every((card) => card.gameType === 'ESPORTS'),
      ).toBe(true);
    });

    it('lists sports games of e-sports vendors under ESPORTS only, and SPORTS without them', async () => {
      const esports = await kit.allGames({ gameType: 'ESPORTS' });
      const sports = await kit.allGames({ gameType: 'SPORTS' });
      const cockfight = await kit.allGames({ gameType: 'COCKFIGHT' });
      expect(esports.length).toBeGreaterThan(0);
      expect(new Set(esports.map((game) => game.vassalage))).toEqual(new Set(esportsVendorCodes));
      expect(esports.every((game) => game.gameType === 'ESPORTS')).toBe(true);
      expect(new Set(sports.map((game) => game.vassalage))).toEqual(new Set(['BTI']));
      expect(new Set(cockfight.map((game) => game.vassalage))).toEqual(new Set(['HOUSE', 'DS88']));
      expect(cockfight.every((game) => game.gameType === 'COCKFIGHT')).toBe(true);
    });

    it('hides a category once its only vendor is disabled, and shows it again', async () => {
      const operator = await loginAsOperator(subject.app);
      const setEnabled = (isEnabled: boolean) =>
        subject.app.inject({
          method: 'PUT',
          url: '/wps/backoffice/game-vendors/BTI',
          headers: operator,
          payload: { isEnabled },
        });
      expect((await setEnabled(false)).statusCode).toBe(200);
      expect((await kit.menus()).map((menu) => menu.title)).not.toContain('SPORTS');
      expect((await kit.gameList({ gameType: 'SPORTS' })).games).toEqual([]);
      expect((await setEnabled(true)).statusCode).toBe(200);
      expect((await kit.menus()).map((menu) => menu.title)).toContain('SPORTS');
    });

    it('answers the categories of a vendor and the vendor lanes', async () => {
      const types = async (vassalage: string, language = 'EN') =>
        vendorGameTypesResponseSchema.parse(
          (
            await kit.get(`/wps/relay/GCSGAME_getVassGameType?vassalage=${vassalage}&language=${language}`)
          ).json(),
        ).value.gameTypes;
      expect(await types('JL')).toEqual(['RNG', 'FISH', 'PVP']);
      expect(await types('IA')).toEqual(['ESPORTS']);
      expect(await types('NOPE')).toEqual([]);
      expect(await types('TCG', 'TY')).toEqual(['SPORTS', 'LOTT']);

      const lanes = gameVendorLanesResponseSchema.parse(
        (await kit.get('/wps/relay/GCSGAME_newGameVendor?platform=html5-desktop')).json(),
      ).value.data.lanes;
      const live = lanes.find((lane) => lane.gameType === 'LIVE');
      expect(live?.vendors.find((vendor) => vendor.vassalage === 'BGS')).toMatchObject({
        isGame: 'VASSALAGE',
        displayName: 'BGS (demo)',
      });
      expect(live?.vendors.find((vendor) => vendor.vassalage === 'PT')?.isGame).toBe('');
    });
  });

  describe('TY language', () => {
    it('shows TCG vendors and BTI under one shared code in menus, cards and filters', async () => {
      const menus = await kit.menus({ language: 'TY' });
      const lott = menus.find((menu) => menu.title === 'LOTT');
      const tcg = lott?.cards.find((card) => card.vassalage === 'TCG');
      expect(lott?.cards.map((card) => card.vassalage).sort()).toEqual(['LOTT', 'TCG']);
      // TCG_LOTTO_VN (4) and TCG_SEA (4) merge into one card.
      expect(tcg?.gameCount).toBe(8);
      expect(menus.find((menu) => menu.title === 'SPORTS')?.cards.map((card) => card.vassalage)).toEqual([
        'TCG',
      ]);

      const englishMenus = await kit.menus({ language: 'EN' });
      expect(
        englishMenus
          .find((menu) => menu.title === 'LOTT')
          ?.cards.map((card) => card.vassalage)
          .sort(),
      ).toEqual(['LOTT', 'TCG_LOTTO_VN', 'TCG_SEA']);

      const tyGames = await kit.allGames({ gameType: 'LOTT', vassalage: 'TCG', language: 'TY' });
      expect(tyGames).toHaveLength(8);
      expect(tyGames.every((game) => game.vassalage === 'TCG')).toBe(true);
      // Image paths keep the vendor's own code: the artwork is the vendor's.
      expect(tyGames.every((game) => /^\/TCG_GAME_ICONS\/TCG_(LOTTO_VN|SEA)\//.test(game.iconUrl))).toBe(
        true,
      );

      const sports = await kit.gameList({ gameType: 'SPORTS', language: 'TY' });
      expect(sports.games.every((game) => game.vassalage === 'TCG')).toBe(true);
      // Without TY the shared code names no vendor.
      expect((await kit.gameList({ gameType: 'LOTT', vassalage: 'TCG' })).games).toEqual([]);
    });
  });

  describe('classify filters and subcategories', () => {
    it('offers NEW in the RNG lobby only, and lists new RNG games only', async () => {
      const menus = await kit.menus();
      const codes = (title: string) =>
        menus.find((menu) => menu.title === title)?.gameClassify.map((entry) => entry.code);
      expect(codes('RNG')).toEqual(['ALL', 'HOT', 'RECENT', 'FAV', 'NEW']);
      expect(codes('LIVE')).toEqual(['ALL', 'HOT', 'RECENT', 'FAV']);

      const fresh = await kit.allGames({ gameType: 'RNG', gameClassify: 'NEW' });
      expect(fresh.length).toBeGreaterThan(10);
      expect(fresh.every((game) => game.isNew === 1 && game.gameType === 'RNG')).toBe(true);
      expect(await kit.allGames({ gameType: 'RNG', isNew: '1' })).toEqual(fresh);
      expect((await kit.gameList({ gameType: 'LIVE', gameClassify: 'NEW' })).total).toBe(0);
      // Without a category NEW still means new RNG games.
      expect((await kit.gameList({ gameClassify: 'NEW', pageSize: 999 })).total).toBe(fresh.length);
    });

    it('lists hot games by filter, by the hot lobby and by the hot-games call', async () => {
      const hot = await kit.allGames({ gameType: 'RNG', gameClassify: 'HOT' });
      expect(hot.length).toBeGreaterThan(10);
      expect(hot.every((game) => game.isHot === 1)).toBe(true);
      const all = await kit.gameList({ gameType: 'HOT', pageSize: 15 });
      expect(all.games.every((game) => game.isHot === 1)).toBe(true);
      const hotEntry = (await kit.menus())
        .find((menu) => menu.title === 'RNG')
        ?.gameClassify.find((entry) => entry.code === 'HOT');
      expect(Object.values(hotEntry?.vendors ?? {}).reduce((sum, count) => sum + count, 0)).toBe(hot.length);

      const list = hotGamesResponseSchema.parse(
        (await kit.get('/wps/relay/GCSGAME_hotGamesV2?gameType=FISH&isPlatform=2&merchantCode=DEMO')).json(),
      ).value.list;
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((game) => game.isHot === 1 && game.gameType === 'FISH')).toBe(true);
    });

    it('offers subcategory tabs only when the brand supports TY, and filters by them always', async () => {
      const plain = await kit.menus();
      const rngCodes = plain.find((menu) => menu.title === 'RNG')?.gameClassify.map((entry) => entry.code);
      expect(rngCodes).not.toContain('SCRATCH');

      const tyBrand = await kit.addBrand('TYSITE', ['EN', 'TY']);
      const withTy = await kit.menus({}, tyBrand);
      const rng = withTy.find((menu) => menu.title === 'RNG');
      expect(rng?.gameClassify.map((entry) => entry.code)).toEqual([
        'ALL',
        'HOT',
        'RECENT',
        'FAV',
        'NEW',
        'SCRATCH',
        'VIDEO_POKER',
        'JACKPOT',
        'TABLE',
        'ARCADE',
        'BINGO',
      ]);
      // A category gets the tabs of the subcategories its games have (the house tables are TABLE games)…
      expect(withTy.find((menu) => menu.title === 'LIVE')?.gameClassify.map((entry) => entry.code)).toEqual([
        'ALL',
        'HOT',
        'RECENT',
        'FAV',
        'TABLE',
      ]);
      // … and categories without such games get none.
      expect(withTy.find((menu) => menu.title === 'FISH')?.gameClassify.map((entry) => entry.code)).toEqual([
        'ALL',
        'HOT',
        'RECENT',
        'FAV',
      ]);

      const scratch = await kit.allGames({ gameType: 'RNG', gameClassify: 'SCRATCH' });
      expect(scratch.length).toBeGreaterThan(0);
      expect(scratch.every((game) => game.gameClassify === 'SCRATCH')).toBe(true);
      const scratchEntry = rng?.gameClassify.find((entry) => entry.code === 'SCRATCH');
      expect(Object.values(scratchEntry?.vendors ?? {}).reduce((sum, count) => sum + count, 0)).toBe(
        scratch.length,
      );
    });

    it('refuses the FAV and RECENT filters to guests and lists them for members', async () => {
      for (const gameClassify of ['FAV', 'RECENT']) {
        const response = await kit.get(
          `/wps/relay/GCSGAME_gameList?gameType=RNG&gameClassify=${gameClassify}`,
        );
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      }
      const guestFavLobby = await kit.get('/wps/relay/GCSGAME_gameList?gameType=FAV');
      expect(guestFavLobby.statusCode).toBe(401);

      const { authorization } = await loginAsMember(subject, 'demoplayer');
      const [first] = (await kit.gameList({ gameType: 'PVP' })).games;
      if (!first) throw new Error('no PVP game');
      const added = await subject.app.inject({
        method: 'POST',
        url: '/wps/relay/MCSFE_addFavoriteGameV2',
        headers: { authorization },
        payload: { nodeId: first.nodeId, vendor: first.vassalage, gameType: first.gameType },
      });
      expect(added.statusCode).toBe(200);
      const favourites = await kit.gameList({ gameType: 'PVP', gameClassify: 'FAV' }, { authorization });
      expect(favourites.games.map((game) => game.nodeId)).toEqual([first.nodeId]);
      expect((await kit.gameList({ gameType: 'RNG', gameClassify: 'FAV' }, { authorization })).games).toEqual(
        [],
      );
      expect((await kit.gameList({ gameType: 'FAV' }, { authorization })).total).toBe(1);
    });
  });

  describe('paging', () => {
    it('pages a category in a stable order, and answers an empty page with the real total past the end', async () => {
      const first = await kit.gameList({ gameType: 'RNG', pageNo: 1, pageSize: 40 });
      const second = await kit.gameList({ gameType: 'RNG', pageNo: 2, pageSize: 40 });
      expect(first.games).toHaveLength(40);
      expect(first.totalPages).toBe(Math.ceil(first.total / 40));
      const ids = new Set([...first.games, ...second.games].map((game) => game.nodeId));
      expect(ids.size).toBe(80);

      const beyond = await kit.gameList({ gameType: 'RNG', pageNo: first.totalPages + 5, pageSize: 40 });
      expect(beyond).toEqual({
        games: [],
        totalPages: first.totalPages,
        pageNo: first.totalPages + 5,
        total: first.total,
      });

      const all = await kit.allGames({ gameType: 'RNG' });
      expect(all).toHaveLength(first.total);

      const vendorPages = await kit.gameList({ gameType: 'RNG', vassalage: 'PG', pageNo: 99, pageSize: 24 });
      expect(vendorPages.games).toEqual([]);
      expect(vendorPages.total).toBe(320);
      expect(vendorPages.totalPages).toBe(14);

      const searchBeyond = await kit.gameList({ gameName: 'fortune', pageNo: 50, pageSize: 24 });
      expect(searchBeyond.games).toEqual([]);
      expect(searchBeyond.total).toBeGreaterThan(0);
      expect(searchBeyond.totalPages).toBe(Math.ceil(searchBeyond.total / 24));
    });

    it('refuses page numbers and sizes outside the limits', async () => {
      for (const params of ['pageNo=0', 'pageSize=1000', 'pageNo=abc']) {
        const response = await kit.get(`/wps/relay/GCSGAME_gameList?gameType=RNG&${params}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
    });
  });

  describe('name search', () => {
    const names = async (gameName: string, gameType?: string) =>
      (await kit.allGames({ gameName, gameType })).map((game) => game.gameName);

    it('ignores surrounding spaces, case and accents on both sides, over every category', async () => {
      const cafe = await names('café');
      expect(cafe).toContain('Café Fortune');
      expect(cafe).toContain('Café Olé Wilds');
      for (const variant of ['  CAFE ', 'Cafe', 'CAFÉ', 'cafe\u0301'])
        expect(await names(variant)).toEqual(cafe);
      expect(await names('pinata')).toEqual(['Piñata Party']);
      expect(await names('CREME brulee')).toEqual(['Crème Brûlée Bonanza']);
      // Across categories: a live table and a slot with the same word.
      const dragon = await kit.allGames({ gameName: 'dragon' });
      expect(new Set(dragon.map((game) => game.gameType))).toEqual(new Set(['RNG', 'LIVE']));
      // Within a category.
      expect(
        (await kit.allGames({ gameName: 'dragon', gameType: 'LIVE' })).every(
          (game) => game.gameType === 'LIVE',
        ),
      ).toBe(true);
      // Only spaces is no search at all.
      expect((await kit.gameList({ gameName: '   ', gameType: 'RNG' })).total).toBe(
        (await kit.gameList({ gameType: 'RNG' })).total,
      );
    });

    it('lists every match of even one letter in display order, paged and narrowed like the lobby', async () => {
      const matching = (list: readonly Game[], term: string) =>
        list.filter((game) => searchableName(game.gameName).includes(term));
      const everything = await kit.allGames({});
      const withA = await kit.allGames({ gameName: 'A' });
      expect(withA.length).toBeGreaterThan(100);
      expect(withA).toEqual(matching(everything, 'a'));
      const second = await kit.gameList({ gameName: 'a', pageNo: 2, pageSize: 24 });
      expect(second.total).toBe(withA.length);
      expect(second.games).toEqual(withA.slice(24, 48));

      const narrowed = { gameType: 'RNG', vassalage: 'PG', gameClassify: 'HOT' };
      const hotPgWithA = await kit.allGames({ ...narrowed, gameName: 'a' });
      expect(hotPgWithA.length).toBeGreaterThan(0);
      expect(hotPgWithA).toEqual(matching(await kit.allGames(narrowed), 'a'));
    });

    it('drops a game from searches as soon as the operator disables it', async () => {
      const operator = await loginAsOperator(subject.app);
      const update = (isEnabled: boolean) =>
        subject.app.inject({
          method: 'PUT',
          url: '/wps/backoffice/game-vendors/PG',
          headers: operator,
          payload: { games: [{ gameCode: 'PG-QUOKKA', name: 'Quokka Quest', gameType: 'RNG', isEnabled }] },
        });
      expect((await update(true)).statusCode).toBe(200);
      expect(await names('quokka')).toEqual(['Quokka Quest']);
      expect((await update(false)).statusCode).toBe(200);
      expect(await names('quokka')).toEqual([]);
      expect((await kit.gameList({ gameName: 'quokka' })).total).toBe(0);
    });

    it('matches % and _ as themselves', async () => {
      const operator = await loginAsOperator(subject.app);
      const response = await subject.app.inject({
        method: 'PUT',
        url: '/wps/backoffice/game-vendors/PG',
        headers: operator,
        payload: {
          games: [
            { gameCode: 'PG-PCT', name: '100% Wild', gameType: 'RNG' },
            { gameCode: 'PG-UND', name: 'Under_Score Spins', gameType: 'RNG' },
          ],
        },
      });
      expect(response.statusCode).toBe(200);
      expect(await names('%')).toEqual(['100% Wild']);
      expect(await names('0% w')).toEqual(['100% Wild']);
      expect(await names('_')).toEqual(['Under_Score Spins']);
      expect(await names('r_s')).toEqual(['Under_Score Spins']);
    });
  });

  describe('cards', () => {
    it('carries the spec fields, generated image paths, trial and free-play flags', async () => {
      const pg = await kit.gameList({ gameType: 'RNG', vassalage: 'PG', pageSize: 5 });
      const [card] = pg.games;
      expect(card).toMatchObject({
        gameType: 'RNG',
        vassalage: 'PG',
        displayName: 'PG (demo)',
        showIcon: 1,
        freeplay: 1,
        isGame: '',
        iconUrl: `/TCG_GAME_ICONS/PG/${card?.gameCode ?? ''}.png`,
        lagerIcon: `/TCG_GAME_ICONS/PG/large/${card?.gameCode ?? ''}.png`,
      });
      expect(card?.nodeName).toBe(card?.gameName);
      const trial = await kit.allGames({ gameType: 'RNG', vassalage: 'PG' });
      expect(trial.some((game) => game.supportPlay === 0)).toBe(true);
      expect(trial.some((game) => game.supportPlay === 1)).toBe(true);
      const live = await kit.gameList({ gameType: 'LIVE', vassalage: 'BGS', pageSize: 1 });
      expect(live.games[0]).toMatchObject({ isGame: 'VASSALAGE', freeplay: 0, supportPlay: 1 });
    });

    it("uses a game's own artwork when it has some", async () => {
      const operator = await loginAsOperator(subject.app);
      await subject.app.inject({
        method: 'PUT',
        url: '/wps/backoffice/game-vendors/KY',
        headers: operator,
        payload: {
          games: [
            {
              gameCode: 'KY-ART',
              name: 'Own Art Poker',
              gameType: 'PVP',
              iconUrl: 'https://cdn.example.com/ky/art.png',
            },
          ],
        },
      });
      const [game] = (await kit.gameList({ gameName: 'own art poker' })).games;
      expect(game).toMatchObject({
        iconUrl: 'https://cdn.example.com/ky/art.png',
        lagerIcon: 'https://cdn.example.com/ky/art.png',
      });
    });

    it('has the whole demo catalogue', async () => {
      const total = (
        await Promise.all(
          ['RNG', 'LIVE', 'FISH', 'SPORTS', 'PVP', 'LOTT', 'ELOTT', 'ESPORTS', 'COCKFIGHT'].map(
            async (gameType) => (await kit.gameList({ gameType })).total,
          ),
        )
      ).reduce((sum, count) => sum + count, 0);
      // Other tests in this file add a few games.
      expect(total).toBeGreaterThanOrEqual(demoGameCount());
      expect(demoGameCount()).toBeGreaterThanOrEqual(2_000);
    });
  });

  describe('winners board', () => {
    it('lists the brand’s biggest wins of the last 7 days from real win calls, masked', async () => {
      const { db } = subject.database;
      const [player] = await db.select().from(members).where(eq(members.username, 'demoplayer'));
      const [agent] = await db.select().from(members).where(eq(members.username, 'demoagent'));
      const [brand] = await db.select().from(brands).where(eq(brands.merchantCode, 'DEMO'));
      const [pg] = await db.select().from(gameVendors).where(eq(gameVendors.code, 'PG'));
      const [ia] = await db.select().from(gameVendors).where(eq(gameVendors.code, 'IA'));
      if (!player || !agent || !brand || !pg || !ia) throw new Error('seed missing');
      const gameOf = async (vendorId: bigint) => {
        const [game] = await db.select().from(games).where(eq(games.vendorId, vendorId)).limit(1);
        if (!game) throw new Error('no game');
        return game;
      };
      const slot = await gameOf(pg.id);
      const esport = await gameOf(ia.id);

      const win = async (
        member: typeof player,
        game: typeof slot,
        productLine: string,
        {
          bet,
          amount,
          daysAgo = 0,
          kind = 'win',
        }: { bet: bigint; amount: bigint; daysAgo?: number; kind?: 'win' | 'bet' },
      ) => {
        const [round] = await db
          .insert(gameRounds)
          .values({
            brandId: brand.id,
            memberId: member.id,
            vendorId: game.vendorId,
            gameId: game.id,
            roundRef: randomUUID(),
            productLine,
            currency: 'USD',
            status: 'settled',
            betAmount: bet,
            winAmount: kind === 'win' ? amount : 0n,
          })
          .returning();
        if (!round) throw new Error('no round');
        await db.insert(gameTransactions).values({
          vendorId: game.vendorId,
          transactionUuid: randomUUID(),
          kind,
          brandId: brand.id,
          memberId: member.id,
          roundId: round.id,
          amount,
          requestHash: 'test',
          createdAt: new Date(Date.now() - daysAgo * 86_400_000),
        });
      };
      await win(player, slot, 'RNG', { bet: 200n, amount: 5_000n });
      await win(agent, esport, 'ESPORTS', { bet: 1_000n, amount: 12_345n, daysAgo: 2 });
      await win(player, slot, 'RNG', { bet: 300n, amount: 1_000n });
      await win(player, slot, 'RNG', { bet: 100n, amount: 99_999n, daysAgo: 8 });
      await win(player, slot, 'RNG', { bet: 100n, amount: 0n });
      await win(player, slot, 'RNG', { bet: 50_000n, amount: 50_000n, kind: 'bet' });

      const board = async (params: string) =>
        rankListResponseSchema.parse((await kit.get(`/wps/relay/GCSGAME_getRankList?${params}`)).json()).value
          .list;
      const all = await board('gameCategory=ALL&language=EN&limitNum=20');
      expect(all.map((entry) => entry.vo.winAmount)).toEqual(['123.45', '50.00', '10.00']);
      expect(all[0]?.vo).toMatchObject({
        player: 'de***nt',
        gameType: 'ESPORTS',
        vassalage: 'IA',
        gameCode: esport.gameCode,
        gameName: esport.name,
        currency: 'USD',
        prize: '12.3x',
      });
      expect(all[1]?.vo).toMatchObject({ player: 'de***er', prize: '25.0x', gameType: 'RNG' });
      expect(all[2]?.vo.prize).toBe('3.3x');
      expect(JSON.stringify(all)).not.toContain('demoplayer');

      expect((await board('gameCategory=ESPORTS')).map((entry) => entry.vo.winAmount)).toEqual(['123.45']);
      expect(await board('gameCategory=ALL&limitNum=1')).toHaveLength(1);

      // Another brand's board has none of them.
      const other = await kit.addBrand('OTHERSITE', ['EN']);
      const response = await kit.get('/wps/relay/GCSGAME_getRankList?gameCategory=ALL', other);
      expect(rankListResponseSchema.parse(response.json()).value.list).toEqual([]);
      expect(
        await db
          .select()
          .from(gameTransactions)
          .where(and(eq(gameTransactions.kind, 'win'), eq(gameTransactions.brandId, brand.id))),
      ).toHaveLength(5);
    });
  });
});
