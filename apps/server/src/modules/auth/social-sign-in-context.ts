import type { Database } from '../../db/database';
import type { SiteService } from '../site/site.service';
import type { AuthService } from './auth.service';
import type { ProviderConfigurations } from './social-provider-discovery';

export type SocialSignInDependencies = {
  db: Database;
  site: SiteService;
  auth: Pick<AuthService, 'signInWithSocialIdentity'>;
};

/**
 * What the social sign-in steps work with: the dependencies and this instance's cache of discovered provider
 * configurations (made once by `createSocialSignIn`).
 */
export type SocialSignInContext = SocialSignInDependencies & { configurations: ProviderConfigurations };
