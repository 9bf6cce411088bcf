import type { SiteDomains } from '@wps/contracts/site-admin';
import type { Executor } from '../../db/database';
import { isDatabaseError, uniqueViolation } from '../../db/database-errors';
import { AppError } from '../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import type { SiteContext } from './site-context';
import * as repository from './site.repository';
import type { BrandRow } from './site.repository';

export type DomainsView = {
  mainDomain: string;
  domains: Array<{ domainName: string; device: number }>;
};

const readDomains = async (executor: Executor, brand: BrandRow): Promise<DomainsView> => ({
  mainDomain: brand.mainDomain,
  domains: await repository.listAllDomains(executor, brand.id),
});

const domainsTaken = (field: string, taken: ReadonlyArray<{ domainName: string; merchantCode: string }>) =>
  new AppError('VALIDATION_FAILED', {
    issues: taken.map(({ domainName, merchantCode }) => ({
      field,
      message: `${domainName} already belongs to brand ${merchantCode}.`,
    })),
  });

/**
 * A host name selects one brand, so one another brand has is refused by name (the unique index backs this
 * when two brands claim the same name at once).
 */
export const refuseDomainsOfOtherBrands = async (
  executor: Executor,
  brandId: bigint | null,
  domainNames: string[],
  field: string,
): Promise<void> => {
  const taken = await repository.findDomainsOfOtherBrands(executor, brandId, domainNames);
  if (taken.length > 0) throw domainsTaken(field, taken);
};

/** The unique index of host names, for telling a lost race for one from other unique refusals. */
export const domainNameIndex = 'brand_domains_domain_name_unique';

/** A write that lost the race for a host name to another brand, answered as the check above would. */
const asDomainTaken = (error: unknown): never => {
  if (isDatabaseError(error, uniqueViolation, domainNameIndex)) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'domains', message: 'A domain already belongs to another brand.' }],
    });
  }
  throw error;
};

/** The brand's main domain and every domain that selects it (the device-0 ones are the mirror list). */
export const readSiteDomains = async (
  { db }: Pick<SiteContext, 'db'>,
  { id }: Pick<BrandRow, 'id'>,
): Promise<DomainsView> => {
  const brand = await repository.findBrandById(db, id);
  if (!brand) throw new AppError('BRAND_NOT_FOUND');
  return readDomains(db, brand);
};

/** Replaces the brand's domains and main domain; audited with the lists before and after. */
export const updateSiteDomains = async (
  { db, snapshots }: Pick<SiteContext, 'db' | 'snapshots'>,
  actor: AuditActor,
  { merchantCode }: Pick<BrandRow, 'merchantCode'>,
  input: SiteDomains,
): Promise<DomainsView> => {
  const view = await db
    .transaction(async (tx) => {
      const before = await repository.lockBrand(tx, merchantCode);
      if (!before) throw new AppError('BRAND_NOT_FOUND');
      await refuseDomainsOfOtherBrands(
        tx,
        before.id,
        input.domains.map((domain) => domain.domainName),
        'domains',
      );
      const beforeView = await readDomains(tx, before);
      await repository.replaceDomains(tx, before.id, input.domains);
      const after = (await repository.updateBrand(tx, before.id, { mainDomain: input.mainDomain })) ?? before;
      const afterView = await readDomains(tx, after);
      await recordAuditEvent(tx, {
        actor,
        action: 'site.domains.update',
        entityType: 'brand',
        entityId: merchantCode,
        before: beforeView,
        after: afterView,
      });
      return afterView;
    })
    .catch(asDomainTaken);
  // A host that selected this brand (or now does) must not be answered from a snapshot of before.
  snapshots.clear();
  return view;
};
