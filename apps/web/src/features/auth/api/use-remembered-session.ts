import { useEffect, useRef } from 'react';
import { restoreSession } from './restore-session';

/**
 * A visit without a session token asks the server once whether this browser has a session (its httpOnly
 * cookie: a remembered login, or a login in another tab); a guest simply gets none.
 */
export const useRememberedSession = (): void => {
  const hasAsked = useRef(false);
  useEffect(() => {
    if (hasAsked.current) return;
    hasAsked.current = true;
    void restoreSession();
  }, []);
};
