import type { SocialProvider } from '@wps/contracts/social-sign-in';
import * as oidc from 'openid-client';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import { type AttemptRule, takeAttempt } from '../attempts/attempts.service';
import { requireProvider } from './social-provider-discovery';
import type { SocialSignInContext } from './social-sign-in-context';
import { socialSignInLimits } from './social-sign-in-limits';
import { hashState } from './social-sign-in-state';
import * as repository from './social-sign-in.repository';

/** Scopes differ by name only: Facebook calls the profile scope `public_profile` and refuses `profile`. */
const scopes: Record<SocialProvider, string> = {
  google: 'openid email profile',
  facebook: 'openid email public_profile',
};

/** Attempts one address may start in an attempt's lifetime (each is a row until it expires). */
const attemptsPerAddress: AttemptRule = {
  name: 'social.start.address',
  limit: socialSignInLimits.openAttemptsPerAddress,
  windowMs: socialSignInLimits.attemptLifetimeMs,
};

/**
 * Refuses an address that has started its share of attempts in an attempt's lifetime, counted before the row
 * is written so a burst gets exactly that many (expired rows are dropped first).
 */
const limitOpenAttempts = async ({ db }: Pick<SocialSignInContext, 'db'>, ip: string) => {
  await repository.deleteExpiredAttempts(db);
  const attempt = await takeAttempt(db, attemptsPerAddress, ip);
  if (!attempt.isAllowed) throw new AppError('RATE_LIMITED');
};

/** The provider's authorization URL for a new attempt, and the `state` to bind to the visitor's browser. */
export const startSocialSignIn = async (
  deps: SocialSignInContext,
  visitor: VisitorContext,
  provider: SocialProvider,
  redirectUri: string,
): Promise<{ authorizationUrl: URL; state: string }> => {
  const { db, site } = deps;
  const context = await site.getBrandContext(visitor);
  const configuration = await requireProvider(deps, context, provider);
  const now = Date.now();
  await limitOpenAttempts(deps, visitor.ip);

  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await repository.insertAttempt(db, {
    stateHash: hashState(state),
    brandId: context.brand.id,
    provider,
    codeVerifier,
    nonce,
    redirectUri,
    ip: visitor.ip,
    expiresAt: new Date(now + socialSignInLimits.attemptLifetimeMs),
  });
  const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: scopes[provider],
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { authorizationUrl, state };
};
