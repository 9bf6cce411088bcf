import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LiveClock } from '../../components/live-clock';
import { usePermission } from '../../features/site/api/get-permission';
import { defaultLanguage, isSiteLanguage, readCurrentLanguage, siteLanguages } from '../../lib/i18n';
import { chooseTheme, readTheme, type Theme } from '../../lib/theme';
import { phoneQuery, useMediaQuery } from '../../lib/use-media-query';
import { Icon } from '../../components/icon';
import { HeaderAccount } from './header-account';
import { HeaderSearch } from './header-search';
import { useChangeLanguage } from './use-change-language';

type SiteHeaderProps = {
  sideMenuId: string | null;
  isSideMenuOpen: boolean;
  onToggleSideMenu: () => void;
};

function LanguageSelector() {
  const { t } = useTranslation();
  const changeLanguage = useChangeLanguage();
  // The brand's configuration decides which of the dictionaries the site offers.
  const supported = usePermission().info.languages.supported.filter(isSiteLanguage);
  const languages = supported.length > 0 ? supported : [defaultLanguage];
  return (
    <label className="header-select">
      <span className="visually-hidden">{t('header.language')}</span>
      <select
        value={readCurrentLanguage()}
        onChange={(event) => {
          if (isSiteLanguage(event.target.value)) changeLanguage(event.target.value);
        }}
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={siteLanguages[language].i18nCode}>
            {siteLanguages[language].label}
          </option>
        ))}
      </select>
    </label>
  );
}

function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useState<Theme>(readTheme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={t(next === 'light' ? 'header.theme_light' : 'header.theme_dark')}
      data-testid="theme-toggle"
      onClick={() => {
        chooseTheme(next);
        setTheme(next);
      }}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}

/** The clock and the site's settings: in the header on wide screens, at the top of the side menu on phones. */
export function SiteSettings() {
  return (
    <>
      <div className="site-header__clock">
        <LiveClock />
      </div>
      <div className="site-header__tools">
        <HeaderSearch />
        <LanguageSelector />
        <ThemeToggle />
      </div>
    </>
  );
}

/**
 * One row: the menu, the logo, the settings (wide screens) and the account: on a phone the balance and deposit
 * only, the rest in the member menu's sheet and the settings in the side menu.
 */
export function SiteHeader({ sideMenuId, isSideMenuOpen, onToggleSideMenu }: SiteHeaderProps) {
  const { t } = useTranslation();
  const { siteName, info } = usePermission();
  const isPhone = useMediaQuery(phoneQuery);
  return (
    <header className="site-header">
      {sideMenuId !== null && (
        <button
          type="button"
          className="icon-button site-header__menu-button"
          aria-controls={sideMenuId}
          aria-expanded={isSideMenuOpen}
          aria-label={t(isSideMenuOpen ? 'header.close_menu' : 'header.open_menu')}
          onClick={onToggleSideMenu}
        >
          <Icon name={isSideMenuOpen ? 'close' : 'menu'} />
        </button>
      )}
      <Link to="/" className="site-header__logo" dir="auto">
        {info.logoUrl === null ? (
          siteName
        ) : (
          <img
            className="site-header__logo-image"
            src={info.logoUrl}
            alt={siteName}
            data-testid="site-logo"
          />
        )}
      </Link>
      {!isPhone && <SiteSettings />}
      <HeaderAccount />
    </header>
  );
}
