import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { VendorGamesPopup } from '../../features/games/components/vendor-games-popup';
import { useRouteHandle } from '../route-handle';
import { BottomNav } from './bottom-nav';
import { FloatingBar } from './floating-bar';
import { SideMenu } from './side-menu';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './site-shell.css';

const sideMenuId = 'side-menu';

/**
 * Header, side menu, page and footer around every page except the full-screen agent ones; on a phone, the
 * bottom navigation instead of the right bar, except on game pages.
 */
export function SiteShell() {
  const { t } = useTranslation();
  const { hideSideMenu = false } = useRouteHandle();
  const [isSideMenuOpen, setSideMenuOpen] = useState(false);
  const closeSideMenu = () => {
    setSideMenuOpen(false);
  };
  return (
    <div className="shell" data-side-menu={hideSideMenu ? 'hidden' : 'shown'}>
      <a className="skip-link" href="#main">
        {t('common.skip_to_content')}
      </a>
      <SiteHeader
        sideMenuId={hideSideMenu ? null : sideMenuId}
        isSideMenuOpen={isSideMenuOpen}
        onToggleSideMenu={() => {
          setSideMenuOpen((isOpen) => !isOpen);
        }}
      />
      {!hideSideMenu && (
        <>
          <SideMenu id={sideMenuId} isOpen={isSideMenuOpen} onClose={closeSideMenu} />
          {isSideMenuOpen && <div className="side-menu-cover" aria-hidden="true" onClick={closeSideMenu} />}
        </>
      )}
      <main id="main" className="shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <FloatingBar />
      {!hideSideMenu && <BottomNav />}
      <VendorGamesPopup />
    </div>
  );
}
