import { isLoopbackHost, type SocialProvider, socialProviderFlags } from '@wps/contracts/social-sign-in';
import { LRUCache } from 'lru-cache';
import * as oidc from 'openid-client';
import type { BrandContext } from '../site/site.service';
import type { SocialSignInContext } from './social-sign-in-context';
import { describeProviderError, SocialSignInError } from './social-sign-in-errors';
import { socialSignInLimits } from './social-sign-in-limits';
import * as repository from './social-sign-in.repository';
import type { SocialProviderRow } from './social-sign-in.repository';

/**
 * Facebook's discovery document lists only implicit response types and no token endpoint, although its code
 * flow with PKCE answers an ID token at the Graph API's token endpoint. Used only when discovery names none.
 */
const knownTokenEndpoints: Record<string, string> = {
  'https://www.facebook.com': 'https://graph.facebook.com/oauth/access_token',
};

/** The provider's endpoints and keys, found from its issuer (the token endpoint completed where known). */
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

export type ProviderConfigurations = LRUCache<string, oidc.Configuration, SocialProviderRow>;

// Keyed by the row's update time, so an operator's change is used at once (each instance reads the row).
export const createProviderConfigurations = (): ProviderConfigurations =>
  new LRUCache<string, oidc.Configuration, SocialProviderRow>({
    max: 500,
    ttl: socialSignInLimits.discoveryTtlMs,
    fetchMethod: (_key, _stale, { context }) => discover(context),
  });

/** The brand's configuration of the provider, when its flag is on and the operator enabled it. */
export const requireProvider = async (
  { db, configurations }: Pick<SocialSignInContext, 'db' | 'configurations'>,
  context: BrandContext,
  provider: SocialProvider,
): Promise<oidc.Configuration> => {
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
