import type { Database } from '../../db/database';
import type { BrandSnapshots } from './brand-snapshots';

export type SiteServiceDependencies = {
  db: Database;
  defaultMerchant: string;
  /** The platform's public address (PUBLIC_URL), where links to a site go when the request's host is no brand's. */
  publicUrl?: string | null | undefined;
};

/**
 * What every site use case works with: the dependencies and the one snapshot cache of this service instance
 * (made by `createSiteService`, so two services never share it and an operator's change clears its own).
 */
export type SiteContext = SiteServiceDependencies & { snapshots: BrandSnapshots };
