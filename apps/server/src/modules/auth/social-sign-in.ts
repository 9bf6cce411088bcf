import type {
  SocialProvider,
  SocialProviderConfig,
  SocialProviderConfigRequest,
} from '@wps/contracts/social-sign-in';
import type { SessionValue } from '@wps/contracts/auth';
import type { VisitorContext } from '../../http/request-context';
import type { AuditActor } from '../audit/audit.service';
import { createProviderConfigurations } from './social-provider-discovery';
import { configureProvider, listProviderConfigs } from './social-provider-settings';
import { completeSocialSignIn } from './social-sign-in-complete';
import type { SocialSignInContext, SocialSignInDependencies } from './social-sign-in-context';
import { startSocialSignIn } from './social-sign-in-start';

// The routes and auth.module.ts import these from here; they live with the steps beside this file.
export { socialSignInLimits } from './social-sign-in-limits';
export type { SocialSignInDependencies } from './social-sign-in-context';

/**
 * Google and Facebook sign-in as OpenID Connect relying party: authorization code flow with PKCE (S256),
 * `state` and `nonce`, the issuer's endpoints and keys found by discovery, configured per brand.
 *
 * The steps live beside this file (social-sign-in-start, social-sign-in-complete, social-provider-discovery,
 * social-provider-settings); this creates the instance's cache of discovered providers and binds them.
 */
export const createSocialSignIn = (deps: SocialSignInDependencies) => {
  const context: SocialSignInContext = { ...deps, configurations: createProviderConfigurations() };
  return {
    /** The provider's authorization URL for a new attempt, and the `state` to bind to the visitor's browser. */
    start: (
      visitor: VisitorContext,
      provider: SocialProvider,
      redirectUri: string,
    ): Promise<{ authorizationUrl: URL; state: string }> =>
      startSocialSignIn(context, visitor, provider, redirectUri),

    /**
     * Completes an attempt from the provider's callback and signs the member in. Nothing is created unless
     * the state, the code exchange, the ID token and its nonce all check out.
     */
    complete: (
      visitor: VisitorContext,
      provider: SocialProvider,
      parameters: URLSearchParams,
      boundState: string | undefined,
    ): Promise<SessionValue> => completeSocialSignIn(context, visitor, provider, parameters, boundState),

    /** The brand's configured providers as the operator sees them (secrets only as whether they are set). */
    listProviderConfigs: (brand: { id: bigint }): Promise<SocialProviderConfig[]> =>
      listProviderConfigs(context, brand),
    /** An operator's configuration of a provider for a brand, audited without its secret (absent: kept). */
    configureProvider: (
      actor: AuditActor,
      brand: { id: bigint; merchantCode: string },
      provider: SocialProvider,
      input: SocialProviderConfigRequest,
    ): Promise<SocialProviderConfig> => configureProvider(context, actor, brand, provider, input),
  };
};

export type SocialSignIn = ReturnType<typeof createSocialSignIn>;
