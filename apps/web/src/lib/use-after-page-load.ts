import { useSyncExternalStore } from 'react';

/**
 * Whether the page has finished loading (the window's load event, then an idle moment of the main thread).
 * Extras of the first screen that are not its content (the announcement popup and its HTML sanitiser, the
 * live-chat list) wait for it, so they do not compete with the first banner and the game rows for the
 * network and the main thread of a slow phone. Once true it stays true for the page's life.
 */
let isLoaded = false;
let isWatching = false;
const listeners = new Set<() => void>();

const markLoaded = (): void => {
  isLoaded = true;
  for (const listener of listeners) listener();
};

const afterIdle = (run: () => void): void => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 1_000 });
  else setTimeout(run, 0);
};

const watchLoad = (): void => {
  if (isWatching) return;
  isWatching = true;
  if (document.readyState === 'complete') afterIdle(markLoaded);
  else
    window.addEventListener(
      'load',
      () => {
        afterIdle(markLoaded);
      },
      { once: true },
    );
};

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  watchLoad();
  return () => {
    listeners.delete(listener);
  };
};

export const useAfterPageLoad = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => isLoaded,
    () => false,
  );
