import { createHash, timingSafeEqual } from 'node:crypto';
import type { SessionValue } from '@wps/contracts/auth';
import type { ErrorCode } from '@wps/contracts/errors';
import {
  isLoopbackHost,
  type SocialProvider,
  type SocialProviderConfig,
  type SocialProviderConfigRequest,
  socialProviderFlags,
} from '@wps/contracts/social-sign-in';
import { LRUCache } from 'lru-cache';
import * as oidc from 'openid-client';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import type { BrandContext, SiteService } from '../site/site.service';
import * as authRepository from './auth.repository';
import type { AuthService } from './auth.service';
import * as repository from './social-sign-in.repository';
import type { SocialIdentity, SocialProviderRow } from './social-sign-in.repository';

const minute = 60_000;
export const socialSignInLimits = {
  /** How long a visitor has at the provider before the attempt (and its state cookie) expires. */
  attemptLifetimeMs: 10 * minute,
  /** Unfinished attempts one address may hold at once; each is a row until it expires. */
  openAttemptsPerAddress: 30,
  /** How long a discovered provider configuration (with its signing keys) is reused. */
  discoveryTtlMs: 10 * minute,
  /** Seconds to wait for the provider's discovery, token and key endpoints. */
  providerTimeoutSeconds: 10,
} as const;

/** Scopes differ by name only: Facebook calls the profile scope `public_profile` and refuses `profile`. */
const scopes: Record<SocialProvider, string> = {
  google: 'openid email profile',
  facebook: 'openid email public_profile',
};

/**
 * Facebook's discovery document lists only implicit response types and no token endpoint, although its code
 * flow with PKCE answers an ID token at the Graph API's token endpoint. Used only when discovery names none.
 */
const knownTokenEndpoints: Record<string, string> = {
  'https://www.facebook.com': 'https://graph.facebook.com/oauth/access_token',
};

const hashState = (state: string): string => createHash('sha256').update(state).digest('hex');

const isSameText = (left: string, right: string): boolean => {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** A refusal with the code the visitor is sent back with, and the reason kept in the auth events. */
class SocialSignInError extends AppError {
  readonly reason: string;
  constructor(code: ErrorCode, reason: string) {
    super(code);
    this.reason = reason;
  }
}

/** What went wrong at the provider, without codes or tokens: the library's messages carry no values. */
const describeProviderError = (error: unknown): string => {
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) {
    return `${error.error}: ${error.error_description ?? error.message}`;
  }
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return 'unknown error';
};

const toProviderConfig = (row: SocialProviderRow): SocialProviderConfig => ({
  provider: row.provider,
  issuer: row.issuer,
  clientId: row.clientId,
  hasClientSecret: row.clientSecret !== '',
  isEnabled: row.isEnabled,
  updatedAt: row.updatedAt.toISOString(),
});

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

export type SocialSignInDependencies = {
  db: Database;
  site: SiteService;
  auth: Pick<AuthService, 'signInWithSocialIdentity'>;
};

/**
 * Google and Facebook sign-in as OpenID Connect relying party: authorization code flow with PKCE (S256),
 * `state` and `nonce`, the issuer's endpoints and keys found by discovery, configured per brand.
 */
export const createSocialSignIn = ({ db, site, auth }: SocialSignInDependencies) => {
  const discover = async (row: SocialProviderRow): Promise<oidc.Configuration> => {
    const issuer = new URL(row.issuer);
    // Plain http only reaches a provider on this machine (tests); the operator API refuses it elsewhere too.
    const isLoopbackHttp = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
    const discovered = await oidc.discovery(issuer, row.clientId, row.clientSecret, undefined, {
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated only to stand out; loopback only
      execute: isLoopbackHttp ? [oidc.allowInsecureRequests] : [],
      timeout: socialSignInLimits.providerTimeoutSeconds,
    });
    // eslint-disable-next-line @typescript-eslint/unbound-method -- the helper is dropped, never called
    const { supportsPKCE: _helper, ...metadata } = discovered.serverMetadata();
    const tokenEndpoint = knownTokenEndpoints[metadata.issuer];
    if (metadata.token_endpoint !== undefined || tokenEndpoint === undefined) return discovered;
    const completed = new oidc.Configuration(
      { ...metadata, token_endpoint: tokenEndpoint },
      row.clientId,
      row.clientSecret,
    );
    completed.timeout = socialSignInLimits.providerTimeoutSeconds;
    return completed;
  };

  // Keyed by the row's update time, so an operator's change is used at once (each instance reads the row).
  const configurations = new LRUCache<string, oidc.Configuration, SocialProviderRow>({
    max: 500,
    ttl: socialSignInLimits.discoveryTtlMs,
    fetchMethod: (_key, _stale, { context }) => discover(context),
  });

  /** The brand's configuration of the provider, when its flag is on and the operator enabled it. */
  const requireProvider = async (context: BrandContext, provider: SocialProvider) => {
    if (!context.isEnabled(socialProviderFlags[provider])) {
      throw new SocialSignInError('FEATURE_DISABLED', 'flag off');
    }
    const row = await repository.findProviderConfig(db, context.brand.id, provider);
    if (!row?.isEnabled) throw new SocialSignInError('FEATURE_DISABLED', 'provider not configured');
    const key = `${row.brandId.toString()}:${provider}:${row.updatedAt.getTime().toString()}`;
    try {
      const configuration = await configurations.fetch(key, { context: row });
      if (!configuration) throw new Error('discovery answered nothing');
      return configuration;
    } catch (error) {
      throw new SocialSignInError('SERVICE_UNAVAILABLE', `discovery: ${describeProviderError(error)}`);
    }
  };

  const recordFailure = (
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
    const attempt = await repository.consumeAttempt(db, hashState(state));
    if (attempt?.brandId !== context.brand.id || attempt.provider !== provider) {
      throw new SocialSignInError('UNAUTHORIZED', 'unknown, used or expired state');
    }
    const configuration = await requireProvider(context, provider);
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

  return {
    /** The provider's authorization URL for a new attempt, and the `state` to bind to the visitor's browser. */
    start: async (
      visitor: VisitorContext,
      provider: SocialProvider,
      redirectUri: string,
    ): Promise<{ authorizationUrl: URL; state: string }> => {
      const context = await site.getBrandContext(visitor);
      const configuration = await requireProvider(context, provider);
      const now = Date.now();
      await repository.deleteExpiredAttempts(db);
      const openAttempts = await repository.countAttemptsFromAddress(
        db,
        visitor.ip,
        new Date(now - socialSignInLimits.attemptLifetimeMs),
      );
      if (openAttempts >= socialSignInLimits.openAttemptsPerAddress) throw new AppError('RATE_LIMITED');

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
    },

    /**
     * Completes an attempt from the provider's callback and signs the member in. Nothing is created unless
     * the state, the code exchange, the ID token and its nonce all check out.
     */
    complete: async (
      visitor: VisitorContext,
      provider: SocialProvider,
      parameters: URLSearchParams,
      boundState: string | undefined,
    ): Promise<SessionValue> => {
      const context = await site.getBrandContext(visitor);
      let identity: SocialIdentity;
      try {
        identity = await verifyCallback(context, provider, parameters, boundState);
      } catch (error) {
        await recordFailure(context, visitor, provider, error);
        throw error;
      }
      return auth.signInWithSocialIdentity(visitor, identity);
    },

    /** An operator's configuration of a provider for a brand, audited without its secret. */
    configureProvider: async (
      actor: AuditActor,
      merchantCode: string,
      provider: SocialProvider,
      input: SocialProviderConfigRequest,
    ): Promise<SocialProviderConfig> => {
      // The operator names the brand the way the site's merchant header does.
      const brand = await site.resolveBrand({ merchantCode, host: '', ip: actor.ip ?? '' });
      return db.transaction(async (tx) => {
        const before = await repository.lockProviderConfig(tx, brand.id, provider);
        const after = await repository.upsertProviderConfig(tx, {
          brandId: brand.id,
          provider,
          issuer: input.issuer,
          clientId: input.clientId,
          clientSecret: input.clientSecret,
          isEnabled: input.isEnabled,
          updatedAt: new Date(),
        });
        if (!after) throw new AppError('INTERNAL_ERROR');
        const audited = (row: SocialProviderRow, clientSecret: 'set' | 'unchanged') => ({
          provider,
          issuer: row.issuer,
          clientId: row.clientId,
          clientSecret,
          isEnabled: row.isEnabled,
        });
        const isSecretChanged = before === undefined || !isSameText(before.clientSecret, input.clientSecret);
        await recordAuditEvent(tx, {
          actor,
          action: 'site.social.update',
          entityType: 'brand',
          entityId: merchantCode,
          before: before ? audited(before, 'set') : null,
          after: audited(after, isSecretChanged ? 'set' : 'unchanged'),
        });
        return toProviderConfig(after);
      });
    },
  };
};

export type SocialSignIn = ReturnType<typeof createSocialSignIn>;
