import { useTranslation } from 'react-i18next';
import { readCurrentLanguage, type SiteLanguage } from '../../../lib/i18n';

/** The site language as the game endpoints take it (EN, UR); re-renders when the visitor switches. */
export const useGameLanguage = (): SiteLanguage => {
  // useTranslation subscribes to language changes, so queries keyed by the language refetch.
  useTranslation();
  return readCurrentLanguage();
};
