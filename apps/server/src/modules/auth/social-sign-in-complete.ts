import type { SessionValue } from '@wps/contracts/auth';
import type { SocialProvider } from '@wps/contracts/social-sign-in';
import * as oidc from 'openid-client';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import type { BrandContext } from '../site/site.service';
import * as authRepository from './auth.repository';
import { requireProvider } from './social-provider-discovery';
import type { SocialSignInContext } from './social-sign-in-context';
import { describeProviderError, SocialSignInError } from './social-sign-in-errors';
import { hashState, isSameText } from './social-sign-in-state';
import * as repository from './social-sign-in.repository';
import type { SocialIdentity } from './social-sign-in.repository';

const readIdentity = (provider: SocialProvider, claims: oidc.IDToken): SocialIdentity => {
  const text = (value: unknown, max: number): string | undefined =>
    typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;
  const email = text(claims.email, 254);
  return {
    provider,
    subject: claims.sub,
    name: text(claims.name, 64),
    email: claims.email_verified === true && email?.includes('@') ? email.toLowerCase() : undefined,
  };
};

/** Keeps a refused callback in the auth events, with its code and the reason (never codes or tokens). */
const recordFailure = (
  { db }: Pick<SocialSignInContext, 'db'>,
  context: BrandContext,
  visitor: VisitorContext,
  provider: SocialProvider,
  error: unknown,
) =>
  authRepository.insertAuthEvent(db, {
    brandId: context.brand.id,
    memberId: null,
    account: provider,
    event: 'social.login',
    isSuccess: false,
    ip: visitor.ip,
    detail: {
      provider,
      code: error instanceof AppError ? error.code : 'INTERNAL_ERROR',
      reason: (error instanceof SocialSignInError ? error.reason : describeProviderError(error)).slice(
        0,
        300,
      ),
    },
  });

/** Checks the callback against the attempt that started it and exchanges the code for a validated ID token. */
const verifyCallback = async (
  deps: Pick<SocialSignInContext, 'db' | 'configurations'>,
  context: BrandContext,
  provider: SocialProvider,
  parameters: URLSearchParams,
  boundState: string | undefined,
): Promise<SocialIdentity> => {
  const state = parameters.get('state');
  // The cookie ties the callback to the browser that started the attempt (no login CSRF with a stolen link).
  if (!state || !boundState || !isSameText(state, boundState)) {
    throw new SocialSignInError('UNAUTHORIZED', 'state does not match this browser');
  }
  const attempt = await repository.consumeAttempt(deps.db, hashState(state));
  if (attempt?.brandId !== context.brand.id || attempt.provider !== provider) {
    throw new SocialSignInError('UNAUTHORIZED', 'unknown, used or expired state');
  }
  const configuration = await requireProvider(deps, context, provider);
  const callbackUrl = new URL(attempt.redirectUri);
  for (const [name, value] of parameters) callbackUrl.searchParams.append(name, value);
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    return readIdentity(provider, claims);
  } catch (error) {
    throw new SocialSignInError('UNAUTHORIZED', `exchange: ${describeProviderError(error)}`);
  }
};

/**
 * Completes an attempt from the provider's callback and signs the member in. Nothing is created unless
 * the state, the code exchange, the ID token and its nonce all check out.
 */
export const completeSocialSignIn = async (
  deps: SocialSignInContext,
  visitor: VisitorContext,
  provider: SocialProvider,
  parameters: URLSearchParams,
  boundState: string | undefined,
): Promise<SessionValue> => {
  const context = await deps.site.getBrandContext(visitor);
  let identity: SocialIdentity;
  try {
    identity = await verifyCallback(deps, context, provider, parameters, boundState);
  } catch (error) {
    await recordFailure(deps, context, visitor, provider, error);
    throw error;
  }
  return deps.auth.signInWithSocialIdentity(visitor, identity);
};
