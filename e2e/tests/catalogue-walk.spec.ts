import type { Game, GameCategoryMenu } from '@wps/contracts/games';
import { gamePageSizes, lotteryRouteOf } from '@wps/contracts/games-rules';
import { houseGamePathOf } from '@wps/contracts/house-games-rules';
import type { LotteryGame } from '@wps/contracts/lottery';
import type { APIRequestContext, Page } from '@playwright/test';
import { control } from '../support/journeys';
import { expect, test } from '../support/platform';

/**
 * The journey signs in as the demo player, whose password the forgotten-password journey (accounts.spec.ts)
 * changes on the platform it shares: this file asks for a platform of its own (any platformEnvironment of its
 * own gives it its own worker), with the demo data loaded.
 */
test.use({ platformEnvironment: { SEED_DEMO: 'true' } });

/** How a game of a kind opens when its card's Play is pressed. */
type Opening =
  | { by: 'vendor'; listsGames: boolean }
  | { by: 'house'; path: string }
  | { by: 'lottery'; engineKind: string | null };

/** One launch of the walk: the first game of its kind in the vendor's list, and where that list shows it. */
type Launch = { kind: string; vendor: string; game: Game; page: number; opening: Opening };

/** What readies a house game's page once its data has arrived (any other house game: its page only). */
const houseGameReady: Readonly<Record<string, string>> = {
  '/house/slot': 'slot-spin',
  '/house/crash': 'crash-phase',
  '/house/baccarat': 'table-board',
  '/house/roulette': 'table-board',
  '/house/dragon-tiger': 'table-board',
  '/house/fishing': 'fishing-rooms',
  '/house/poker': 'poker-lobby',
};

/** A category's lobby, as the navigation links it. */
const lobbyOf = (menu: GameCategoryMenu): string => `/${menu.title.toLowerCase()}`;

const valueOf = async <T>(request: APIRequestContext, url: string): Promise<T> => {
  const response = await request.get(url);
  expect(response.ok(), `${url} answered ${String(response.status())}`).toBe(true);
  return ((await response.json()) as { value: T }).value;
};

/** Every game of a vendor in a category, in the order the lobby lists them once the vendor is chosen. */
const vendorGames = async (request: APIRequestContext, gameType: string, vendor: string): Promise<Game[]> => {
  const query = new URLSearchParams({
    gameType,
    vassalage: vendor,
    pageNo: '1',
    pageSize: '999',
    language: 'EN',
  });
  const page = await valueOf<{ games: Game[]; total: number }>(
    request,
    `/wps/relay/GCSGAME_gameList?${query.toString()}`,
  );
  expect(page.games.length, `${vendor} in ${gameType}: every game in one answer`).toBe(page.total);
  return page.games;
};

/**
 * The kinds of a category, one launch each: a seamless vendor's games are one kind (vendor code and game
 * type), each house game is its own kind, and a lottery vendor's games are one kind per lottery engine kind
 * (speed, vn, sea4d, pool, race), a tile without an engine being a kind of its own (launched, so it fails).
 */
const launchesOf = async (
  request: APIRequestContext,
  menu: GameCategoryMenu,
  lotteryKinds: ReadonlyMap<string, string>,
): Promise<Launch[]> => {
  const launches: Launch[] = [];
  for (const card of menu.cards) {
    const games = await vendorGames(request, menu.title, card.vassalage);
    expect(games.length, `${card.vassalage} in ${menu.title} lists games`).toBeGreaterThan(0);
    const seen = new Set<string>();
    games.forEach((game, index) => {
      const housePath = houseGamePathOf(game.vassalage, game.gameCode);
      const opening: Opening =
        housePath !== null
          ? { by: 'house', path: housePath }
          : lotteryRouteOf(game.vassalage) !== null
            ? { by: 'lottery', engineKind: lotteryKinds.get(game.gameCode) ?? null }
            : { by: 'vendor', listsGames: game.isGame === 'VASSALAGE' };
      const kind =
        opening.by === 'house'
          ? `${game.vassalage} ${game.gameCode}`
          : opening.by === 'lottery'
            ? `${game.vassalage} lottery ${opening.engineKind ?? `without an engine (${game.gameCode})`}`
            : `${game.vassalage} ${game.gameType}`;
      if (seen.has(kind)) return;
      seen.add(kind);
      const page = Math.floor(index / gamePageSizes.classify) + 1;
      launches.push({ kind, vendor: card.vassalage, game, page, opening });
    });
  }
  return launches;
};

/** Presses Play on the launch's card in the category's lobby and checks the game it opens. */
const launch = async (page: Page, { vendor, game, page: listPage, opening }: Launch) => {
  const vendorButton = page.locator(`[data-testid="lobby-vendor"][data-vendor="${vendor}"]`);
  await vendorButton.click();
  await expect(vendorButton).toHaveAttribute('aria-pressed', 'true');
  // Beyond the vendor's first page, the lobby's search finds it.
  if (listPage > 1) await page.getByTestId('lobby-search').fill(game.gameName);
  const card = page.locator(`[data-testid="game-card"][data-node-id="${String(game.nodeId)}"]`);
  await expect(card).toBeVisible();
  await card.getByTestId('game-card-play').click();

  if (opening.by === 'vendor') {
    if (opening.listsGames) {
      // The vendor lists its tables in a popup: the first of them is played.
      const popup = page.getByTestId('vendor-games-popup');
      await expect(popup).toBeVisible();
      await popup.getByTestId('vendor-games-play').first().click();
    } else {
      await expect(page.getByTestId('seamless-title')).toHaveText(game.gameName);
    }
    await expect(page).toHaveURL(/\/seamless\?/);
    // The vendor's page opened in the frame, with the member's balance read through the seamless wallet.
    await expect(page.getByTestId('seamless-frame')).toBeVisible();
    await expect(page.frameLocator('[data-testid="seamless-frame"]').locator('#balance')).toHaveText(/\d/);
  } else if (opening.by === 'house') {
    await expect(page).toHaveURL((url) => url.pathname === opening.path);
    const gamePage = page.locator('article.page--game');
    await expect(gamePage.locator('h1')).toBeVisible();
    const ready = houseGameReady[opening.path];
    if (ready !== undefined) await expect(gamePage.getByTestId(ready)).toBeVisible();
    await expect(gamePage.getByRole('alert')).toHaveCount(0);
  } else {
    await expect(page).toHaveURL((url) => url.searchParams.get('gameCode') === game.gameCode);
    // The game's betting page (only drawn when the game answered) with a draw, not "not available".
    await expect(
      page.locator(`[data-testid="lottery-page"][data-game-code="${game.gameCode}"]`),
    ).toBeVisible();
    await expect(page.getByTestId('lottery-unknown-game')).toHaveCount(0);
    await expect(page.getByTestId('lottery-draw-id')).toHaveText(new RegExp(`^${game.gameCode}-`));
  }
};

test('a player walks every category of the navigation and launches one game of every kind in each', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await page.getByTestId('tab-username').click();
  await control(page, 'login-username').fill('demoplayer');
  await control(page, 'login-password').fill('Player2025');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('header-account')).toHaveText('demoplayer');

  // The categories the site's navigation lists come from the catalogue's menus, as the page reads them.
  const menusAnswer = page.waitForResponse((response) =>
    response.url().includes('/wps/lgw/games/game_menus'),
  );
  await page.goto('/');
  const menus = ((await (await menusAnswer).json()) as { value: GameCategoryMenu[] }).value.filter(
    (menu) => menu.cards.length > 0,
  );
  expect(menus.length).toBeGreaterThan(0);
  await expect(page.getByTestId('header-account')).toHaveText('demoplayer');
  const navigation = page.getByTestId('side-menu-games');
  const lotteryKinds = new Map(
    (await valueOf<{ games: LotteryGame[] }>(page.request, '/wps/lgw/vn/games/game_menu')).games.map(
      (game) => [game.gameCode, game.kind],
    ),
  );

  // The navigation's category entries, read once it has drawn them: every category of the catalogue has one.
  const firstMenu = menus[0];
  if (firstMenu === undefined) throw new Error('the catalogue lists no category');
  await expect(navigation.locator(`a[href="${lobbyOf(firstMenu)}"]`)).toBeVisible();
  const entries = await navigation
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const listed = entries.flatMap((href) => menus.filter((menu) => lobbyOf(menu) === href));
  expect(listed.map((menu) => menu.title).sort()).toEqual(menus.map((menu) => menu.title).sort());

  const launched: string[] = [];
  for (const menu of listed) {
    await test.step(`category ${menu.title}`, async () => {
      // Its entry in the navigation opens its lobby.
      await navigation.locator(`a[href="${lobbyOf(menu)}"]`).click();
      await expect(page.getByTestId('lobby-page')).toHaveAttribute('data-game-type', menu.title);

      for (const next of await launchesOf(page.request, menu, lotteryKinds)) {
        await test.step(`${next.kind}: ${next.game.gameName}`, async () => {
          await launch(page, next);
          launched.push(next.kind);
          // Back to the lobby, the vendor still chosen.
          await page.goBack();
          await expect(page.getByTestId('lobby-page')).toHaveAttribute('data-game-type', menu.title);
        });
      }
    });
  }

  // Every lottery engine kind of the catalogue was played at least once.
  const lotteryKindsLaunched = new Set(
    launched.flatMap((entry) => /lottery (\w+)$/.exec(entry)?.slice(1) ?? []),
  );
  expect([...lotteryKindsLaunched].sort()).toEqual([...new Set(lotteryKinds.values())].sort());
});
