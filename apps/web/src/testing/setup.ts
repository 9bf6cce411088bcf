import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { initI18n } from '../lib/i18n';

initI18n();

// jsdom does not lay out pages, so it has no scrolling; the route-change effects still call these.
Object.defineProperty(window, 'scrollTo', { value: () => undefined, writable: true });
Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined, writable: true });

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
  document.head.querySelectorAll('script').forEach((script) => {
    script.remove();
  });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
