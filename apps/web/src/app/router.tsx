import { useState, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { lobbyRoutes } from '../features/games/game-types';
import type { LotteryKind } from '../features/house-games/components/lottery-page';
import { loadChunk } from '../lib/lazy-component';
import { RootLayout } from './layout/root-layout';
import { SiteShell } from './layout/site-shell';
import { isPageMetaKey, type RouteHandle } from './route-handle';
import { adoptUrlParameters, requireSessionToken } from './route-loaders';
import { RouteErrorScreen } from './route-error-screen';
import { HomePage } from './routes/home-page';

/**
 * A page whose code loads on demand (route `lazy`): home stays small, and the current page stays on screen
 * until the next one has arrived. A chunk that fails or times out shows the route error screen.
 */
const onDemand =
  <Module,>(chunkId: string, load: () => Promise<Module>, render: (module: Module) => ReactNode) =>
  async () => ({ element: render(await loadChunk(chunkId, load)) });

const loadLobbyPage = () => import('../features/games/components/lobby-page');
const loadLotteryPage = () => import('../features/house-games/components/lottery-page');

const homeHandle: RouteHandle = { meta: 'home' };
/** The home page under a modal the visitor came for (an affiliate link opens /register): popups wait. */
const modalHandle: RouteHandle = { ...homeHandle, holdsPopups: true };
const gamePageHandle: RouteHandle = { hideSideMenu: true };

const homeRoutes: RouteObject[] = ['index', 'index.html', 'home'].map((path) => ({
  path,
  element: <HomePage />,
  handle: homeHandle,
}));

const categoryLobbyRoutes: RouteObject[] = Object.entries(lobbyRoutes).map(([path, gameType]) => ({
  path,
  lazy: onDemand('lobby', loadLobbyPage, ({ LobbyPage }) => <LobbyPage key={gameType} gameType={gameType} />),
  handle: isPageMetaKey(path) ? { meta: path } : undefined,
}));

// Paths are matched case-sensitively here because the spec lists both spellings as separate routes.
const lotteryRoutes: RouteObject[] = (
  [
    ['lottery', 'lottery'],
    ['seaLottery', 'sea'],
    ['sealottery', 'sea'],
    ['vnLottery', 'vn'],
    ['vnlottery', 'vn'],
  ] satisfies [string, LotteryKind][]
).map(([path, kind]) => ({
  path,
  caseSensitive: true,
  loader: requireSessionToken,
  lazy: onDemand('lottery', loadLotteryPage, ({ LotteryPage }) => <LotteryPage kind={kind} />),
  handle: gamePageHandle,
}));

// The live tables: one page per game (houseGamePaths of contracts), which picks one of its tables.
const houseTableRoutes: RouteObject[] = (
  [
    ['house/baccarat', 'BACCARAT'],
    ['house/roulette', 'ROULETTE'],
    ['house/dragon-tiger', 'DRAGON_TIGER'],
  ] as const
).map(([path, game]) => ({
  path,
  loader: requireSessionToken,
  lazy: onDemand(
    'house-tables',
    () => import('../features/house-games/components/tables/table-page'),
    ({ TablePage }) => <TablePage key={game} game={game} />,
  ),
  handle: gamePageHandle,
}));

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    loader: adoptUrlParameters,
    // The token and referral parameters may arrive on any navigation, not only when the search changes.
    shouldRevalidate: () => true,
    // index.html's own loader stays visible until the first page renders.
    HydrateFallback: () => null,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: <SiteShell />,
        children: [
          { index: true, element: <HomePage />, handle: homeHandle },
          ...homeRoutes,
          ...categoryLobbyRoutes,
          {
            path: 'promotions',
            lazy: onDemand(
              'promotions',
              () => import('../features/promotions/components/promotions-page'),
              ({ PromotionsPage }) => <PromotionsPage />,
            ),
            handle: { meta: 'promotions' },
          },
          {
            path: 'promotions/red-envelope/:id',
            loader: requireSessionToken,
            lazy: onDemand(
              'red-envelope',
              () => import('../features/promotions/components/red-envelope-page'),
              ({ RedEnvelopePage }) => <RedEnvelopePage />,
            ),
            handle: { meta: 'promotions' },
          },
          {
            path: 'promotions/raffle/:id',
            loader: requireSessionToken,
            lazy: onDemand(
              'raffle',
              () => import('../features/promotions/components/raffle-page'),
              ({ RafflePage }) => <RafflePage />,
            ),
            handle: { meta: 'promotions' },
          },
          {
            path: 'favorite',
            lazy: onDemand(
              'favorite',
              () => import('../features/games/components/favorite-games-page'),
              ({ FavoriteGamesPage }) => <FavoriteGamesPage />,
            ),
          },
          {
            path: 'recent',
            lazy: onDemand(
              'recent',
              () => import('../features/games/components/recent-games-page'),
              ({ RecentGamesPage }) => <RecentGamesPage />,
            ),
          },
          {
            path: 'login',
            lazy: onDemand(
              'login',
              () =>
                Promise.all([
                  import('../features/auth/components/login-modal'),
                  import('../features/content/components/group-banner'),
                ]),
              ([{ LoginModal }, { GroupBanner }]) => (
                <>
                  <HomePage />
                  <LoginModal banner={<GroupBanner group="w_login" />} />
                </>
              ),
            ),
            handle: modalHandle,
          },
          {
            path: 'register',
            lazy: onDemand(
              'register',
              () =>
                Promise.all([
                  import('../features/auth/components/register-modal'),
                  import('../features/content/components/group-banner'),
                ]),
              ([{ RegisterModal }, { GroupBanner }]) => (
                <>
                  <HomePage />
                  <RegisterModal banner={<GroupBanner group="w_register" />} />
                </>
              ),
            ),
            handle: modalHandle,
          },
          {
            path: 'forget',
            lazy: onDemand(
              'forget',
              () =>
                Promise.all([
                  import('../features/auth/components/forgot-password-modal'),
                  import('../features/content/components/group-banner'),
                ]),
              ([{ ForgotPasswordModal }, { GroupBanner }]) => (
                <>
                  <HomePage />
                  <ForgotPasswordModal banner={<GroupBanner group="w_forget" />} />
                </>
              ),
            ),
            handle: modalHandle,
          },
          {
            path: 'member',
            lazy: onDemand(
              'member',
              // The security centre (the first section) needs its deferred dictionary section.
              () =>
                Promise.all([
                  import('../features/members/components/member-centre-page'),
                  import('./routes/member-section-content'),
                ]),
              ([{ MemberCentrePage }, { renderMemberSection }]) => (
                <MemberCentrePage renderSection={renderMemberSection} />
              ),
            ),
          },
          {
            path: 'help',
            lazy: onDemand(
              'help',
              () => import('../features/content/components/help-page'),
              ({ HelpPage }) => <HelpPage />,
            ),
          },
          {
            path: 'pointMall',
            lazy: onDemand(
              'pointMall',
              () => import('../features/loyalty/components/points-mall-page'),
              ({ PointsMallPage }) => <PointsMallPage />,
            ),
          },
          {
            path: 'seamless',
            lazy: onDemand(
              'seamless',
              () => import('../features/games/components/seamless-game-page'),
              ({ SeamlessGamePage }) => <SeamlessGamePage />,
            ),
            handle: gamePageHandle,
          },
          {
            path: 'announce',
            lazy: onDemand(
              'announce',
              () => import('../features/content/components/announcements-page'),
              ({ AnnouncementsPage }) => <AnnouncementsPage />,
            ),
          },
          {
            path: 'down',
            lazy: onDemand(
              'down',
              () => import('../features/site/components/app-download-page'),
              ({ AppDownloadPage }) => <AppDownloadPage />,
            ),
          },
          ...lotteryRoutes,
          {
            path: 'house/slot',
            loader: requireSessionToken,
            lazy: onDemand(
              'house-slot',
              () => import('../features/house-games/components/slot-page'),
              ({ SlotPage }) => <SlotPage />,
            ),
            handle: gamePageHandle,
          },
          {
            path: 'house/crash',
            loader: requireSessionToken,
            lazy: onDemand(
              'house-crash',
              () => import('../features/house-games/components/crash-page'),
              ({ CrashPage }) => <CrashPage />,
            ),
            handle: gamePageHandle,
          },
          {
            path: 'house/fishing',
            loader: requireSessionToken,
            lazy: onDemand(
              'house-fishing',
              () => import('../features/house-games/components/fishing/fishing-page'),
              ({ FishingPage }) => <FishingPage />,
            ),
            handle: gamePageHandle,
          },
          {
            path: 'house/poker',
            loader: requireSessionToken,
            lazy: onDemand(
              'house-poker',
              () => import('../features/house-games/components/poker/poker-page'),
              ({ PokerPage }) => <PokerPage />,
            ),
            handle: gamePageHandle,
          },
          {
            path: 'house/niu-niu',
            loader: requireSessionToken,
            lazy: onDemand(
              'house-niu-niu',
              () => import('../features/house-games/components/niu-niu/niu-niu-page'),
              ({ NiuNiuPage }) => <NiuNiuPage />,
            ),
            handle: gamePageHandle,
          },
          ...houseTableRoutes,
          {
            path: 'house/cockfight',
            loader: requireSessionToken,
            lazy: onDemand(
              'house-cockfight',
              () => import('../features/house-games/components/cockfight/cockfight-page'),
              ({ CockfightPage }) => <CockfightPage />,
            ),
            handle: gamePageHandle,
          },
          {
            path: 'fairness',
            lazy: onDemand(
              'fairness',
              () => import('../features/house-games/components/fairness-page'),
              ({ FairnessPage }) => <FairnessPage />,
            ),
          },
          {
            path: 'lottert',
            lazy: onDemand('lottery', loadLotteryPage, ({ LotteryPage }) => <LotteryPage kind="lottert" />),
            handle: gamePageHandle,
          },
        ],
      },
      {
        path: 'agent',
        lazy: onDemand(
          'agent',
          () => import('../features/auth/components/agent-login-page'),
          ({ AgentLoginPage }) => <AgentLoginPage />,
        ),
      },
      {
        path: 'agentHome',
        lazy: onDemand(
          'agentHome',
          () =>
            Promise.all([
              import('../features/agents/components/agent-centre-page'),
              import('./routes/agent-shell-content'),
            ]),
          ([{ AgentCentrePage }, { renderAgentShellPage, agentShellActions }]) => (
            <AgentCentrePage renderShellPage={renderAgentShellPage} shellActions={agentShellActions} />
          ),
        ),
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** The site's router: its table of routes, and the first navigation (with its loaders) under way. */
export const createSiteRouter = () => createBrowserRouter(routes);

type AppRouterProps = {
  /** A router made beforehand (boot makes it in a task of its own); one is made here otherwise. */
  router?: ReturnType<typeof createSiteRouter> | undefined;
};

export function AppRouter({ router: madeBefore }: AppRouterProps) {
  const [router] = useState(() => madeBefore ?? createSiteRouter());
  return <RouterProvider router={router} />;
}
