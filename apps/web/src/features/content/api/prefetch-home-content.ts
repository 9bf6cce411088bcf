import type { QueryClient } from '@tanstack/react-query';
import { readCurrentLanguage } from '../../../lib/i18n';
import { readSessionToken } from '../../../lib/storage';
import { getContentQueryOptions } from './get-content';

/**
 * Home's content call (banners, notices, popup) for a guest, started at boot beside React's first render,
 * so the first banner does not wait for the page to mount. Only for a plain visit to home: a member's
 * audience (A or F) needs the member call, and URL parameters may log in or change the language.
 */
export const prefetchHomeContent = (
  queryClient: QueryClient,
  location: Pick<Location, 'pathname' | 'search'>,
): void => {
  if (location.pathname !== '/' && location.pathname !== '/index') return;
  if (location.search !== '' || readSessionToken() !== null) return;
  queryClient
    .query(getContentQueryOptions('B', readCurrentLanguage()))
    .then((content) => {
      // The first banner is the page's largest paint: fetch it now rather than when its <img> mounts.
      const first = content.banners.find((banner) => banner.groupName === 'w_home');
      if (first === undefined) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.href = first.url;
      link.fetchPriority = 'high';
      document.head.append(link);
    })
    // A failure is left to the page's own query, which shows it and retries.
    .catch(() => undefined);
};
