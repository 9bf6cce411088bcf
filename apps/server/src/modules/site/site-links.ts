import { type Resource, resourceTypes } from '@wps/contracts/site';
import type { SiteLinks } from '@wps/contracts/site-admin';
import type { Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import type { SiteContext } from './site-context';
import * as repository from './site.repository';
import type { BrandRow } from './site.repository';

const isResourceType = (value: string): value is Resource['resourceType'] =>
  (resourceTypes as readonly string[]).includes(value);

const readLinks = async (executor: Executor, brand: BrandRow): Promise<SiteLinks> => {
  const [services, resources] = await Promise.all([
    repository.listCustomerServices(executor, brand.id),
    repository.listResources(executor, brand.id),
  ]);
  return {
    liveChatUrl: brand.liveChatUrl,
    customerServices: services.map(({ title, csType, path }) => ({ title, csType, path })),
    resources: resources.flatMap(({ resourceType, url, labelNameEn }) =>
      isResourceType(resourceType) ? [{ resourceType, url, labelNameEn }] : [],
    ),
  };
};

/** Where players reach the brand's people: its live chat, customer-service entries and community links. */
export const readSiteLinks = async (
  { db }: Pick<SiteContext, 'db'>,
  { id }: Pick<BrandRow, 'id'>,
): Promise<SiteLinks> => {
  const brand = await repository.findBrandById(db, id);
  if (!brand) throw new AppError('BRAND_NOT_FOUND');
  return readLinks(db, brand);
};

/** Replaces the brand's live chat, customer-service entries and community links; audited before and after. */
export const updateSiteLinks = async (
  { db, snapshots }: Pick<SiteContext, 'db' | 'snapshots'>,
  actor: AuditActor,
  { merchantCode }: Pick<BrandRow, 'merchantCode'>,
  links: SiteLinks,
): Promise<SiteLinks> => {
  const view = await db.transaction(async (tx) => {
    const before = await repository.lockBrand(tx, merchantCode);
    if (!before) throw new AppError('BRAND_NOT_FOUND');
    const beforeView = await readLinks(tx, before);
    await repository.replaceCustomerServices(tx, before.id, links.customerServices);
    await repository.replaceResources(tx, before.id, links.resources);
    const after = (await repository.updateBrand(tx, before.id, { liveChatUrl: links.liveChatUrl })) ?? before;
    const afterView = await readLinks(tx, after);
    await recordAuditEvent(tx, {
      actor,
      action: 'site.links.update',
      entityType: 'brand',
      entityId: merchantCode,
      before: beforeView,
      after: afterView,
    });
    return afterView;
  });
  snapshots.clear();
  return view;
};
