import { encryptTransportText } from '@wps/contracts/transport-cipher';
import { type Resource, resourceTypes } from '@wps/contracts/site';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import { findVisitorBrand, hostName } from './brand-lookups';
import { readRegisterSetting } from './register-setting';
import type { SiteContext, SiteServiceDependencies } from './site-context';
import * as repository from './site.repository';
import { readWhitelabelTree } from './whitelabel-tree';

/** How long a brand's configuration is served from memory; operator changes on this instance clear it at once. */
const snapshotTtlMs = 5_000;

const isResourceType = (value: string): value is Resource['resourceType'] =>
  (resourceTypes as readonly string[]).includes(value);

/** Everything of a brand that is the same for every visitor: read once, shared by all the site calls. */
const loadSnapshot = async (deps: SiteServiceDependencies, visitor: VisitorContext) => {
  const { db } = deps;
  const brand = await findVisitorBrand(deps, visitor);
  const [customerServices, domainRoute, resources, whitelabel, register] = await Promise.all([
    repository.listCustomerServices(db, brand.id),
    repository.listDomains(db, brand.id, 0),
    repository.listResources(db, brand.id),
    readWhitelabelTree(db, brand.id),
    readRegisterSetting(db, brand),
  ]);
  const customerService = await Promise.all(
    customerServices.map(async (entry) => ({
      title: entry.title,
      csType: entry.csType,
      path: await encryptTransportText(brand.merchantCode, entry.path),
    })),
  );
  return {
    brand,
    customerService,
    domainRoute,
    resources: resources.flatMap((resource) =>
      isResourceType(resource.resourceType)
        ? [{ resourceType: resource.resourceType, url: resource.url, labelNameEn: resource.labelNameEn }]
        : [],
    ),
    whitelabel,
    register,
  };
};

export type BrandSnapshot = Awaited<ReturnType<typeof loadSnapshot>>;
export type BrandSnapshots = LRUCache<string, BrandSnapshot, VisitorContext>;

/** The cache of brand snapshots, by merchant code or host; one per service instance. */
export const createBrandSnapshots = (deps: SiteServiceDependencies): BrandSnapshots =>
  new LRUCache<string, BrandSnapshot, VisitorContext>({
    max: 1_000,
    ttl: snapshotTtlMs,
    fetchMethod: (_key, _stale, { context }) => loadSnapshot(deps, context),
  });

/** The snapshot of the brand the visitor's site selects (from memory while fresh). */
export const readBrandSnapshot = async (
  { snapshots }: Pick<SiteContext, 'snapshots'>,
  visitor: VisitorContext,
): Promise<BrandSnapshot> => {
  const key = visitor.merchantCode ? `merchant:${visitor.merchantCode}` : `host:${hostName(visitor.host)}`;
  const snapshot = await snapshots.fetch(key, { context: visitor });
  if (!snapshot) throw new AppError('BRAND_NOT_FOUND');
  return snapshot;
};
