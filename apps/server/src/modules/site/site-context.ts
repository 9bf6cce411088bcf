import type { Database } from '../../db/database';
import type { BackofficeService } from '../backoffice/backoffice.service';
import type { BrandSnapshots } from './brand-snapshots';

/** What a new brand needs of the staff domain: its preset roles, and its creator as its admin. */
export type StaffRoles = Pick<BackofficeService, 'installPresetRoles' | 'assignPresetRole'>;

export type SiteServiceDependencies = {
  db: Database;
  defaultMerchant: string;
  /** The platform's public address (PUBLIC_URL), where links to a site go when the request's host is no brand's. */
  publicUrl?: string | null | undefined;
  /** Only for creating brands (the site module gives it; tests of the site's other calls need not). */
  staffRoles?: StaffRoles | undefined;
};

/**
 * What every site use case works with: the dependencies and the one snapshot cache of this service instance
 * (made by `createSiteService`, so two services never share it and an operator's change clears its own).
 */
export type SiteContext = SiteServiceDependencies & { snapshots: BrandSnapshots };
