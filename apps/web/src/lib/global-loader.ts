import i18next from 'i18next';

// The loader lives in index.html so it shows before React mounts; screens toggle it through these two calls.
const findLoader = (): HTMLElement | null => document.getElementById('global-loader');

/** Shown again after the first load: it is then named in the site's language (index.html names it in English). */
export const showGlobalLoader = (): void => {
  const loader = findLoader();
  loader?.setAttribute('aria-label', i18next.t('common.loading'));
  loader?.removeAttribute('hidden');
};

/**
 * Hides the loader. The first time, home's first banner that the server put in it (web-app.ts) goes too: the
 * page shows it from then on, and a later wait (signing in or out) shows the plain loader.
 */
export const hideGlobalLoader = (): void => {
  const loader = findLoader();
  loader?.setAttribute('hidden', '');
  loader?.querySelector('.global-loader__page')?.remove();
};
