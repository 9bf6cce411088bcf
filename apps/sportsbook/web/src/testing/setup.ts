import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, vi } from 'vitest';
import { forgetSession } from '../api';
import { initI18n } from '../i18n';

initI18n();

// findBy/waitFor wait up to 1 s by default; a loaded 2-core machine can take longer for a first render.
configure({ asyncUtilTimeout: 5_000 });

afterEach(async () => {
  cleanup();
  forgetSession();
  document.head.querySelectorAll('meta[name^="sportsbook-"]').forEach((meta) => {
    meta.remove();
  });
  window.localStorage.clear();
  await i18next.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
