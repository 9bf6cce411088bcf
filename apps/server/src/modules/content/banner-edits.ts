import type { AdminBanner, BannerInput } from '@wps/contracts/content';
import type { AuditActor } from '../audit/audit.service';
import { type AuditedEdit, auditedChange, notFound } from './audited-change';
import type { ContentContext } from './content-context';
import { toAdminBanner } from './content-views';
import * as repository from './content.repository';

type BannerEditDependencies = Pick<ContentContext, 'db' | 'cache'>;

const bannerValues = (brandId: bigint, input: BannerInput): repository.BannerValues => ({
  brandId,
  groupName: input.groupName,
  imageUrl: input.imageUrl,
  linkageType: input.linkageType,
  linkUrl: input.linkageType === null ? null : input.linkUrl,
  title: input.title,
  language: input.language,
  sortOrder: input.sortOrder,
  activeFrom: input.activeFrom === null ? null : new Date(input.activeFrom),
  activeTo: input.activeTo === null ? null : new Date(input.activeTo),
  isEnabled: input.isEnabled,
});

/** The audit's record of a change to one banner. */
const describeEdit = (actor: AuditActor, action: string): AuditedEdit => ({
  actor,
  action,
  entityType: 'content_banner',
});

/** Every banner of the brand, live or not, as the operator edits them. */
export const listBannersForOperator = async (
  { db }: Pick<ContentContext, 'db'>,
  brandId: bigint,
): Promise<{ list: AdminBanner[] }> => ({
  list: (await repository.listAllBanners(db, brandId)).map(toAdminBanner),
});

export const createBanner = (
  deps: BannerEditDependencies,
  actor: AuditActor,
  brandId: bigint,
  input: BannerInput,
): Promise<AdminBanner> =>
  auditedChange(deps, describeEdit(actor, 'content.banner.create'), async (tx) => {
    const after = toAdminBanner(await repository.insertBanner(tx, bannerValues(brandId, input)));
    return { id: BigInt(after.id), before: null, after, result: after };
  });

export const updateBanner = (
  deps: BannerEditDependencies,
  actor: AuditActor,
  brandId: bigint,
  id: bigint,
  input: BannerInput,
): Promise<AdminBanner> =>
  auditedChange(deps, describeEdit(actor, 'content.banner.update'), async (tx) => {
    const existing = await repository.findBanner(tx, brandId, id);
    const row = existing && (await repository.updateBanner(tx, id, bannerValues(brandId, input)));
    if (!existing || !row) throw notFound('banner', id);
    const after = toAdminBanner(row);
    return { id, before: toAdminBanner(existing), after, result: after };
  });

export const deleteBanner = (
  deps: BannerEditDependencies,
  actor: AuditActor,
  brandId: bigint,
  id: bigint,
): Promise<{ id: string }> =>
  auditedChange(deps, describeEdit(actor, 'content.banner.delete'), async (tx) => {
    const existing = await repository.findBanner(tx, brandId, id);
    if (!existing) throw notFound('banner', id);
    await repository.deleteBanner(tx, id);
    return { id, before: toAdminBanner(existing), after: null, result: { id: id.toString() } };
  });
