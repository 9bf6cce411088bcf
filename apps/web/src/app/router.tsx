import { useState } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { AgentCentrePage } from '../features/agents/components/agent-centre-page';
import { AgentLoginPage } from '../features/auth/components/agent-login-page';
import { ForgotPasswordModal } from '../features/auth/components/forgot-password-modal';
import { LoginModal } from '../features/auth/components/login-modal';
import { RegisterModal } from '../features/auth/components/register-modal';
import { AnnouncementsPage } from '../features/content/components/announcements-page';
import { HelpPage } from '../features/content/components/help-page';
import { FavoriteGamesPage } from '../features/games/components/favorite-games-page';
import { LobbyPage } from '../features/games/components/lobby-page';
import { RecentGamesPage } from '../features/games/components/recent-games-page';
import { SeamlessGamePage } from '../features/games/components/seamless-game-page';
import { lobbyRoutes } from '../features/games/game-types';
import { LotteryPage, type LotteryKind } from '../features/house-games/components/lottery-page';
import { MemberCentrePage } from '../features/members/components/member-centre-page';
import { renderMemberSection } from './routes/member-section-content';
import { PointsMallPage } from '../features/promotions/components/points-mall-page';
import { PromotionsPage } from '../features/promotions/components/promotions-page';
import { AppDownloadPage } from '../features/site/components/app-download-page';
import { RootLayout } from './layout/root-layout';
import { SiteShell } from './layout/site-shell';
import { isPageMetaKey, type RouteHandle } from './route-handle';
import { adoptUrlParameters, requireSessionToken } from './route-loaders';
import { HomePage } from './routes/home-page';

const homeHandle: RouteHandle = { meta: 'home' };
const gamePageHandle: RouteHandle = { hideSideMenu: true };

const homeRoutes: RouteObject[] = ['index', 'index.html', 'home'].map((path) => ({
  path,
  element: <HomePage />,
  handle: homeHandle,
}));

const categoryLobbyRoutes: RouteObject[] = Object.entries(lobbyRoutes).map(([path, gameType]) => ({
  path,
  element: <LobbyPage key={gameType} gameType={gameType} />,
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
  element: <LotteryPage kind={kind} />,
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
    children: [
      {
        element: <SiteShell />,
        children: [
          { index: true, element: <HomePage />, handle: homeHandle },
          ...homeRoutes,
          ...categoryLobbyRoutes,
          { path: 'promotions', element: <PromotionsPage />, handle: { meta: 'promotions' } },
          { path: 'favorite', element: <FavoriteGamesPage /> },
          { path: 'recent', element: <RecentGamesPage /> },
          {
            path: 'login',
            element: (
              <>
                <HomePage />
                <LoginModal />
              </>
            ),
            handle: homeHandle,
          },
          {
            path: 'register',
            element: (
              <>
                <HomePage />
                <RegisterModal />
              </>
            ),
            handle: homeHandle,
          },
          {
            path: 'forget',
            element: (
              <>
                <HomePage />
                <ForgotPasswordModal />
              </>
            ),
            handle: homeHandle,
          },
          { path: 'member', element: <MemberCentrePage renderSection={renderMemberSection} /> },
          { path: 'help', element: <HelpPage /> },
          { path: 'pointMall', element: <PointsMallPage /> },
          { path: 'seamless', element: <SeamlessGamePage />, handle: gamePageHandle },
          { path: 'announce', element: <AnnouncementsPage /> },
          { path: 'down', element: <AppDownloadPage /> },
          ...lotteryRoutes,
          { path: 'lottert', element: <LotteryPage kind="lottert" />, handle: gamePageHandle },
        ],
      },
      { path: 'agent', element: <AgentLoginPage /> },
      { path: 'agentHome', element: <AgentCentrePage /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
