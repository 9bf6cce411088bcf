import { useCallback, useSyncExternalStore } from 'react';

const matches = (query: string): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

/** Whether a media query matches now, following its changes; false where there is no matchMedia (tests). */
export const useMediaQuery = (query: string): boolean => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      // Safari before 14 had only addListener: such a browser keeps the answer of the first render.
      if (typeof list.addEventListener !== 'function') return () => undefined;
      list.addEventListener('change', onChange);
      return () => {
        list.removeEventListener('change', onChange);
      };
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matches(query),
    () => false,
  );
};

/** Narrow screens (phones): the header is one row, its settings move into the side menu (site-shell.css). */
export const phoneQuery = '(max-width: 640px)';
