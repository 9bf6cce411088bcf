import { useEffect, useRef } from 'react';
import { readSessionToken, savePasswordChangePending, saveSessionToken } from '../../../lib/storage';
import { resumeRememberedSession } from './login';

/**
 * A visit without a session token asks the server once whether a remembered login (its httpOnly 24-hour
 * cookie) exists; the cookie never reaches the site's code.
 */
export const useRememberedSession = (): void => {
  const hasAsked = useRef(false);
  useEffect(() => {
    if (hasAsked.current || readSessionToken() !== null) return;
    hasAsked.current = true;
    resumeRememberedSession().then(
      (session) => {
        // A login that happened meanwhile wins over the remembered one.
        if (readSessionToken() !== null) return;
        savePasswordChangePending(session.mustChangePassword);
        saveSessionToken(session.token);
      },
      () => {
        // No remembered login: the visitor stays a guest.
      },
    );
  }, []);
};
