import { useTranslation } from 'react-i18next';
import { readCurrentLanguage, type SiteLanguage } from '../../../lib/i18n';

/** Every query of this feature starts with this. */
export const contentQueryKeys = {
  all: ['content'],
  content: ['content', 'content'],
  banners: ['content', 'banners'],
  announcements: ['content', 'announcements'],
  help: ['content', 'help'],
} as const;

/** Content changes rarely: a minute before the site asks again (the server caches for 30 seconds). */
export const contentStaleTimeMs = 60_000;

/** The site language as the content calls take it; re-renders (and so refetches) when the visitor switches. */
export const useContentLanguage = (): SiteLanguage => {
  useTranslation();
  return readCurrentLanguage();
};
