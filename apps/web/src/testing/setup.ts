import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { forgetEncryptionKey } from '../lib/body-encryption';
import { initI18n, loadDeferredDictionary } from '../lib/i18n';

initI18n();
// Components are rendered on their own here, without the route loaders that bring their dictionary sections.
await loadDeferredDictionary();

// findBy/waitFor wait up to 1 s by default; on a loaded 2-core machine (CI runs the suites in parallel) a
// first render can take longer, so they wait longer. Nothing here asserts a time.
configure({ asyncUtilTimeout: 5_000 });

// jsdom does not lay out pages, so it has no scrolling; the route-change effects still call these.
Object.defineProperty(window, 'scrollTo', { value: () => undefined, writable: true });
Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined, writable: true });

// No test reaches a real server: calls a test did not mock answer as a guest would be answered.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() =>
      Promise.resolve(
        Response.json(
          {
            success: false,
            value: null,
            message: 'You are not logged in, please login.',
            code: 'UNAUTHORIZED',
          },
          { status: 401 },
        ),
      ),
    ),
  );
});

afterEach(() => {
  cleanup();
  forgetEncryptionKey();
  window.sessionStorage.clear();
  window.localStorage.clear();
  document.head.querySelectorAll('script').forEach((script) => {
    script.remove();
  });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
