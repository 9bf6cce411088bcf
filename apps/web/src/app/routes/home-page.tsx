import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useSession } from '../../features/auth/api/use-session';
import { HomeContent } from '../../features/content/components/home-content';
import {
  FavouriteGamesSection,
  GameCategorySection,
  HotGamesSection,
  RecentGamesSection,
} from '../../features/games/components/game-category-section';
import { WinnersBoard } from '../../features/games/components/winners-board';
import { categoriesWithVendors, useGameMenus, vendorCardsOf } from '../../features/games/api/get-game-menus';
import { homeCategories, lobbyPathOf } from '../../features/games/game-types';
import { memberSectionPath } from '../../features/members/member-sections';
import { isChatModalOpen } from '../../features/live-chat/api/chat-modal-link';
import { useUnreadMessageCount } from '../../features/messages/api/get-unread-messages';
import { usePermission } from '../../features/site/api/get-permission';
import { useDeferredQueryData } from '../../lib/use-deferred-query-data';
import { useRouteHandle } from '../route-handle';
import './home-page.css';

export function HomePage() {
  const { t } = useTranslation();
  const { siteName } = usePermission();
  const session = useSession();
  // The tabs and a section per category render as a transition once the menus are here (see the hook).
  const menus = useDeferredQueryData(useGameMenus());
  // Spec section 2, Home: only categories that have vendors get a tab and a section.
  const categories = categoriesWithVendors(menus.data, homeCategories);
  const hasMemberSections = session.isLogin && !session.isTrial;
  const unreadCount = useUnreadMessageCount();
  // Under the login, sign-up or reset modal, or the chat room, the announcement popup waits until it closes.
  const { holdsPopups = false } = useRouteHandle();
  const isChatOpen = isChatModalOpen(useLocation().search);
  return (
    <div className="page home" data-testid="home-page">
      {/* The banners speak for the page; its heading stays for screen readers and search engines. */}
      <h1 className="visually-hidden">{t('home.welcome', { siteName })}</h1>
      <HomeContent
        isPopupHeld={holdsPopups || isChatOpen}
        messages={hasMemberSections ? { count: unreadCount, to: memberSectionPath('messageV2') } : undefined}
      />
      {/* The tabs' line is held while the menus load, so the sections below do not move when they come. */}
      {menus.isPending && <div className="category-tabs category-tabs--placeholder" aria-hidden="true" />}
      {categories.length > 0 && (
        <nav className="category-tabs" aria-label={t('home.categories')}>
          <ul>
            {categories.map((gameType) => (
              <li key={gameType}>
                <NavLink to={lobbyPathOf(gameType)} className="category-tabs__tab">
                  {t(`game_types.${gameType}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <HotGamesSection />
      {hasMemberSections && (
        <>
          <FavouriteGamesSection />
          <RecentGamesSection />
        </>
      )}
      {categories.map((gameType) => (
        <GameCategorySection
          key={gameType}
          gameType={gameType}
          vendors={vendorCardsOf(menus.data, gameType)}
        />
      ))}
      <WinnersBoard />
    </div>
  );
}
