import type { AdminAnnouncement, AnnouncementInput } from '@wps/contracts/content';
import type { AuditActor } from '../audit/audit.service';
import { type AuditedEdit, auditedChange, notFound } from './audited-change';
import { sanitizeContentHtml } from './content-html';
import type { ContentContext } from './content-context';
import { toAdminAnnouncement } from './content-views';
import * as repository from './content.repository';

type AnnouncementEditDependencies = Pick<ContentContext, 'db' | 'cache'>;

/** HTML is sanitised here, on the way in, so every reader gets safe content whatever shows it. */
const announcementValues = (brandId: bigint, input: AnnouncementInput): repository.AnnouncementValues => ({
  brandId,
  type: input.type,
  title: input.title,
  content: sanitizeContentHtml(input.content),
  startsAt: new Date(input.startDate),
  endsAt: input.endDate === null ? null : new Date(input.endDate),
  execution: input.execution,
  promotionType: input.promotionType,
  language: input.language,
  platform: input.platform,
  isEnabled: input.isEnabled,
});

/** The audit's record of a change to one announcement. */
const describeEdit = (actor: AuditActor, action: string): AuditedEdit => ({
  actor,
  action,
  entityType: 'content_announcement',
});

/** Every announcement of the brand, showing or not, as the operator edits them. */
export const listAnnouncementsForOperator = async (
  { db }: Pick<ContentContext, 'db'>,
  brandId: bigint,
): Promise<{ list: AdminAnnouncement[] }> => ({
  list: (await repository.listAllAnnouncements(db, brandId)).map(toAdminAnnouncement),
});

export const createAnnouncement = (
  deps: AnnouncementEditDependencies,
  actor: AuditActor,
  brandId: bigint,
  input: AnnouncementInput,
): Promise<AdminAnnouncement> =>
  auditedChange(deps, describeEdit(actor, 'content.announcement.create'), async (tx) => {
    const row = await repository.insertAnnouncement(tx, announcementValues(brandId, input));
    const after = toAdminAnnouncement(row);
    return { id: row.id, before: null, after, result: after };
  });

export const updateAnnouncement = (
  deps: AnnouncementEditDependencies,
  actor: AuditActor,
  brandId: bigint,
  id: bigint,
  input: AnnouncementInput,
): Promise<AdminAnnouncement> =>
  auditedChange(deps, describeEdit(actor, 'content.announcement.update'), async (tx) => {
    const existing = await repository.findAnnouncement(tx, brandId, id);
    const row = existing && (await repository.updateAnnouncement(tx, id, announcementValues(brandId, input)));
    if (!existing || !row) throw notFound('announcement', id);
    const after = toAdminAnnouncement(row);
    return { id, before: toAdminAnnouncement(existing), after, result: after };
  });

export const deleteAnnouncement = (
  deps: AnnouncementEditDependencies,
  actor: AuditActor,
  brandId: bigint,
  id: bigint,
): Promise<{ id: string }> =>
  auditedChange(deps, describeEdit(actor, 'content.announcement.delete'), async (tx) => {
    const existing = await repository.findAnnouncement(tx, brandId, id);
    if (!existing) throw notFound('announcement', id);
    await repository.deleteAnnouncement(tx, id);
    return { id, before: toAdminAnnouncement(existing), after: null, result: { id: id.toString() } };
  });
