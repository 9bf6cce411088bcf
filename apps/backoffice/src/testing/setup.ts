import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// A loaded machine (CI runs the suites side by side) can take more than the default second to render.
configure({ asyncUtilTimeout: 5_000 });

// No test reaches a real server: calls a test did not mock answer as a signed-out operator would be answered.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() =>
      Promise.resolve(
        Response.json(
          { success: false, value: null, message: 'Please sign in.', code: 'UNAUTHORIZED' },
          { status: 401 },
        ),
      ),
    ),
  );
  // jsdom has no object URLs; proof images only need a stable string.
  Object.defineProperty(URL, 'createObjectURL', {
    value: () => 'blob:proof',
    writable: true,
    configurable: true,
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    value: () => undefined,
    writable: true,
    configurable: true,
  });
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
