/**
 * Content constants the site needs at run time, kept free of zod (see apps/web/src/lib/zod-free-contracts.test.ts):
 * the announcement popup opens on the home page's first load and must not pull the schema library with it.
 * `content.ts` re-exports them for the server.
 */

/** Announcement popup, spec section 9: 9 per page. */
export const announcementPopupPageSize = 9;

/** Announcement popup, spec section 9: pagination margin 1, range 5. */
export const announcementPopupPagination = { margin: 1, range: 5 } as const;

/**
 * The home page's content call (spec section 7: types B,PL,PU,PR, platform W, execution): banners, player
 * notices, the popup and promotions. One definition for the site's call and the server's preload of it
 * from index.html, whose address must be the same, parameter for parameter.
 */
export const homeContentQuery = (execution: 'A' | 'B' | 'F', language: string) => ({
  types: 'B,PL,PU,PR',
  platform: 'W',
  execution,
  language,
});

/**
 * The help centre's notices (type H, "help-centre notices"): the same content call asking for H only. The
 * spec lists H among the content call's types and says no more; the site shows them at the top of /help.
 */
export const helpNoticesQuery = (language: string) => ({
  types: 'H',
  platform: 'W',
  execution: 'B' as const,
  language,
});
