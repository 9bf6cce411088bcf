import { readSessionToken, savePasswordChangePending, saveSessionToken } from '../../../lib/storage';
import { resumeRememberedSession } from './login';

let pending: Promise<void> | null = null;

const askServer = async (): Promise<void> => {
  try {
    const session = await resumeRememberedSession();
    // None to hand back (a guest), or a login that happened meanwhile: that one wins.
    if (session === null || readSessionToken() !== null) return;
    savePasswordChangePending(session.mustChangePassword);
    saveSessionToken(session.token);
  } catch {
    // The server could not answer: the visitor stays a guest on this tab.
  }
};

/**
 * A tab without a session token (a new tab, a link opened beside the site) asks the server for the session of
 * the browser's httpOnly session cookie (issue 30, point 4); the cookie never reaches the site's code and the
 * token stays in this tab's session storage only. Callers at the same time share one request.
 */
export const restoreSession = (): Promise<void> => {
  if (readSessionToken() !== null) return Promise.resolve();
  pending ??= askServer().finally(() => {
    pending = null;
  });
  return pending;
};
