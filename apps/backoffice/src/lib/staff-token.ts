import { useSyncExternalStore } from 'react';

/** The staff session token. Its own key: the player site's session uses 'token' on the same origin. */
export const staffTokenKey = 'staffToken';

const listeners = new Set<() => void>();

// Storage throws when the browser blocks it; the console then works until the page reloads.
export const readStaffToken = (): string | null => {
  try {
    return window.sessionStorage.getItem(staffTokenKey);
  } catch {
    return null;
  }
};

export const writeStaffToken = (token: string | null): void => {
  try {
    if (token === null) window.sessionStorage.removeItem(staffTokenKey);
    else window.sessionStorage.setItem(staffTokenKey, token);
  } catch {
    // Nothing to do: the token simply does not survive a reload.
  }
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The stored staff token, re-rendering when it is written or cleared. */
export const useStaffToken = (): string | null => useSyncExternalStore(subscribe, readStaffToken);
