import { replace, type LoaderFunctionArgs } from 'react-router';
import { restoreSession } from '../features/auth/api/restore-session';
import { readSessionToken, saveFirstTimeLogin, saveReferralCode, saveSessionToken } from '../lib/storage';

/**
 * Runs before any page renders: keeps a referral code for registration, and moves a token from the
 * address bar into session storage so it neither lingers in history nor gets shared with a copied link.
 */
export const adoptUrlParameters = ({ request }: LoaderFunctionArgs): Response | null => {
  const url = new URL(request.url);
  const referralCode = url.searchParams.get('referralCode');
  if (referralCode) saveReferralCode(referralCode);

  const token = url.searchParams.get('token');
  if (token === null) return null;
  if (token) saveSessionToken(token);
  // A social sign-in that created the account says so beside the token, for the first-login action.
  if (token && url.searchParams.get('firstTimeLogin') === '1') saveFirstTimeLogin(true);
  url.searchParams.delete('token');
  url.searchParams.delete('firstTimeLogin');
  return replace(`${url.pathname}${url.search}${url.hash}`);
};

/**
 * Lottery pages need a session (spec section 2); without one the visitor goes to the login modal. A tab opened
 * beside a signed-in one has no token yet: it first asks for the browser's session (issue 30, point 4).
 */
export const requireSessionToken = async (): Promise<Response | null> => {
  if (readSessionToken() === null) await restoreSession();
  return readSessionToken() ? null : replace('/login');
};
