import type {
  AdminAnnouncement,
  AdminBanner,
  AdminHelpArticle,
  Announcement,
  AnnouncementInput,
  AnnouncementType,
  Banner,
  BannerGroup,
  BannerInput,
  Content,
  ContentType,
  Execution,
  HelpArticleInput,
  HelpDevice,
  HelpSection,
  LinkageType,
} from '@wps/contracts/content';
import { LRUCache } from 'lru-cache';
import type { Database, Transaction } from '../../db/database';
import { AppError } from '../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import { sanitizeContentHtml } from './content-html';
import * as repository from './content.repository';
import type { AnnouncementRow, BannerRow, HelpArticleRow } from './content.repository';

/**
 * Players' answers are kept this long: the home page asks on every visit, and content changes rarely.
 * An operator's change drops them at once (on this instance; other instances catch up within the TTL).
 */
const publicCacheTtlMs = 30_000;

const toBanner = (row: BannerRow): Banner => ({
  id: row.id.toString(),
  groupName: row.groupName as BannerGroup,
  url: row.imageUrl,
  linkageType: row.linkageType as LinkageType | null,
  linkUrl: row.linkageType === null ? null : row.linkUrl,
  title: row.title,
});

const toAdminBanner = (row: BannerRow): AdminBanner => ({
  id: row.id.toString(),
  groupName: row.groupName as BannerGroup,
  imageUrl: row.imageUrl,
  linkageType: row.linkageType as LinkageType | null,
  linkUrl: row.linkUrl,
  title: row.title,
  language: row.language,
  sortOrder: row.sortOrder,
  activeFrom: row.activeFrom?.toISOString() ?? null,
  activeTo: row.activeTo?.toISOString() ?? null,
  isEnabled: row.isEnabled,
});

const toAnnouncement = (row: AnnouncementRow): Announcement => ({
  id: row.id.toString(),
  type: row.type as AnnouncementType,
  title: row.title,
  content: row.content,
  startDate: row.startsAt.getTime(),
  endDate: row.endsAt?.getTime() ?? null,
  promotionType: row.promotionType,
  execution: row.execution as Execution,
});

const toAdminAnnouncement = (row: AnnouncementRow): AdminAnnouncement => ({
  id: row.id.toString(),
  type: row.type as AnnouncementType,
  title: row.title,
  content: row.content,
  startDate: row.startsAt.toISOString(),
  endDate: row.endsAt?.toISOString() ?? null,
  execution: row.execution as Execution,
  promotionType: row.promotionType,
  language: row.language,
  platform: row.platform,
  isEnabled: row.isEnabled,
});

const toAdminHelpArticle = (row: HelpArticleRow): AdminHelpArticle => ({
  id: row.id.toString(),
  language: row.language,
  device: row.device as HelpDevice,
  section: row.section,
  title: row.title,
  content: row.content,
  sortOrder: row.sortOrder,
});

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

const helpArticleValues = (brandId: bigint, input: HelpArticleInput): repository.HelpArticleValues => ({
  brandId,
  language: input.language,
  device: input.device,
  section: input.section,
  title: input.title,
  content: sanitizeContentHtml(input.content),
  sortOrder: input.sortOrder,
});

const notFound = (what: string, id: bigint) => new AppError('NOT_FOUND', { message: `No ${what} ${id}.` });

/** Which announcement type answers which part of the content call. */
const contentParts: ReadonlyArray<[Exclude<ContentType, 'B'>, 'notices' | 'popup' | 'promotion' | 'help']> = [
  ['PL', 'notices'],
  ['PU', 'popup'],
  ['PR', 'promotion'],
  ['H', 'help'],
];

/** Types listed on the announcements page (MCSFE_getListAnnouncements). */
const listedTypes: readonly AnnouncementType[] = ['PL', 'PU', 'PR'];

export type ContentRequest = { types: readonly ContentType[]; execution: Execution; language: string };
export type AnnouncementListRequest = {
  pageNo: number;
  pageSize: number;
  language: string;
  execution?: Execution | undefined;
};

/**
 * Banners, announcements and notices, and the help centre: what players read (cached briefly) and the
 * operator's changes (each audited in its transaction, with the row before and after).
 */
export const createContentService = ({ db, now = () => new Date() }: { db: Database; now?: () => Date }) => {
  const cache = new LRUCache<string, object>({ max: 2_000, ttl: publicCacheTtlMs });
  const cached = async <T extends object>(key: string, load: () => Promise<T>): Promise<T> => {
    const hit = cache.get(key);
    if (hit) return hit as T;
    const value = await load();
    cache.set(key, value);
    return value;
  };

  const liveBanners = (brandId: bigint, language: string, groupNames?: readonly BannerGroup[]) =>
    repository
      .listLiveBanners(db, brandId, { language, now: now(), ...(groupNames ? { groupNames } : {}) })
      .then((rows) => rows.map(toBanner));

  const audited = async <T>(
    actor: AuditActor,
    action: string,
    entityType: string,
    change: (tx: Transaction) => Promise<{
      id: bigint;
      before: unknown;
      after: unknown;
      result: T;
    }>,
  ): Promise<T> => {
    const result = await db.transaction(async (tx) => {
      const outcome = await change(tx);
      await recordAuditEvent(tx, {
        actor,
        action,
        entityType,
        entityId: outcome.id.toString(),
        before: outcome.before,
        after: outcome.after,
      });
      return outcome.result;
    });
    cache.clear();
    return result;
  };

  return {
    getContent: (brandId: bigint, request: ContentRequest): Promise<Content> =>
      cached(
        `content|${brandId}|${request.types.join(',')}|${request.execution}|${request.language}`,
        async () => {
          const content: Content = { banners: [], notices: [], popup: [], promotion: [], help: [] };
          if (request.types.includes('B')) content.banners = await liveBanners(brandId, request.language);
          for (const [type, part] of contentParts) {
            if (!request.types.includes(type)) continue;
            const rows = await repository.listLiveAnnouncements(db, brandId, {
              types: [type],
              language: request.language,
              now: now(),
              // The popup is chosen by audience; notices, promotions and help notices are for everyone.
              ...(type === 'PU' ? { execution: request.execution } : {}),
            });
            content[part] = rows.map(toAnnouncement);
          }
          return content;
        },
      ),

    listBanners: (brandId: bigint, groupName: BannerGroup, language: string): Promise<{ list: Banner[] }> =>
      cached(`banners|${brandId}|${groupName}|${language}`, async () => ({
        list: await liveBanners(brandId, language, [groupName]),
      })),

    listAnnouncements: (brandId: bigint, request: AnnouncementListRequest) =>
      cached(
        `announcements|${brandId}|${request.pageNo}|${request.pageSize}|${request.language}|${request.execution ?? ''}`,
        async () => {
          const filter = {
            types: listedTypes,
            language: request.language,
            now: now(),
            ...(request.execution ? { execution: request.execution } : {}),
          };
          const [rows, total] = await Promise.all([
            repository.listLiveAnnouncements(db, brandId, filter, {
              limit: request.pageSize,
              offset: (request.pageNo - 1) * request.pageSize,
            }),
            repository.countLiveAnnouncements(db, brandId, filter),
          ]);
          return {
            list: rows.map(toAnnouncement),
            pageNum: request.pageNo,
            totalPages: Math.ceil(total / request.pageSize),
            total,
          };
        },
      ),

    /**
     * The help centre in the language asked for; a language without articles falls back to the brand's
     * default language, then English, so a new locale never shows an empty help centre.
     */
    getHelp: (
      brandId: bigint,
      language: string,
      device: HelpDevice,
      defaultLanguage: string,
    ): Promise<{ language: string; device: HelpDevice; sections: HelpSection[] }> =>
      cached(`help|${brandId}|${language}|${device}`, async () => {
        for (const candidate of new Set([language, defaultLanguage.toUpperCase(), 'EN'])) {
          const rows = await repository.listHelpArticles(db, brandId, candidate, device);
          if (rows.length > 0) {
            return {
              language: candidate,
              device,
              sections: rows.map(({ section, title, content }) => ({ section, title, content })),
            };
          }
        }
        return { language, device, sections: [] };
      }),

    clearCache: (): void => {
      cache.clear();
    },

    // Operator side.

    adminListBanners: async (brandId: bigint) => ({
      list: (await repository.listAllBanners(db, brandId)).map(toAdminBanner),
    }),

    createBanner: (actor: AuditActor, brandId: bigint, input: BannerInput) =>
      audited(actor, 'content.banner.create', 'content_banner', async (tx) => {
        const after = toAdminBanner(await repository.insertBanner(tx, bannerValues(brandId, input)));
        return { id: BigInt(after.id), before: null, after, result: after };
      }),

    updateBanner: (actor: AuditActor, brandId: bigint, id: bigint, input: BannerInput) =>
      audited(actor, 'content.banner.update', 'content_banner', async (tx) => {
        const existing = await repository.findBanner(tx, brandId, id);
        const row = existing && (await repository.updateBanner(tx, id, bannerValues(brandId, input)));
        if (!existing || !row) throw notFound('banner', id);
        const after = toAdminBanner(row);
        return { id, before: toAdminBanner(existing), after, result: after };
      }),

    deleteBanner: (actor: AuditActor, brandId: bigint, id: bigint) =>
      audited(actor, 'content.banner.delete', 'content_banner', async (tx) => {
        const existing = await repository.findBanner(tx, brandId, id);
        if (!existing) throw notFound('banner', id);
        await repository.deleteBanner(tx, id);
        return { id, before: toAdminBanner(existing), after: null, result: { id: id.toString() } };
      }),

    adminListAnnouncements: async (brandId: bigint) => ({
      list: (await repository.listAllAnnouncements(db, brandId)).map(toAdminAnnouncement),
    }),

    createAnnouncement: (actor: AuditActor, brandId: bigint, input: AnnouncementInput) =>
      audited(actor, 'content.announcement.create', 'content_announcement', async (tx) => {
        const row = await repository.insertAnnouncement(tx, announcementValues(brandId, input));
        const after = toAdminAnnouncement(row);
        return { id: row.id, before: null, after, result: after };
      }),

    updateAnnouncement: (actor: AuditActor, brandId: bigint, id: bigint, input: AnnouncementInput) =>
      audited(actor, 'content.announcement.update', 'content_announcement', async (tx) => {
        const existing = await repository.findAnnouncement(tx, brandId, id);
        const row =
          existing && (await repository.updateAnnouncement(tx, id, announcementValues(brandId, input)));
        if (!existing || !row) throw notFound('announcement', id);
        const after = toAdminAnnouncement(row);
        return { id, before: toAdminAnnouncement(existing), after, result: after };
      }),

    deleteAnnouncement: (actor: AuditActor, brandId: bigint, id: bigint) =>
      audited(actor, 'content.announcement.delete', 'content_announcement', async (tx) => {
        const existing = await repository.findAnnouncement(tx, brandId, id);
        if (!existing) throw notFound('announcement', id);
        await repository.deleteAnnouncement(tx, id);
        return { id, before: toAdminAnnouncement(existing), after: null, result: { id: id.toString() } };
      }),

    adminListHelpArticles: async (brandId: bigint) => ({
      list: (await repository.listAllHelpArticles(db, brandId)).map(toAdminHelpArticle),
    }),

    createHelpArticle: (actor: AuditActor, brandId: bigint, input: HelpArticleInput) =>
      audited(actor, 'content.help.create', 'content_help_article', async (tx) => {
        const row = await repository.insertHelpArticle(tx, helpArticleValues(brandId, input));
        const after = toAdminHelpArticle(row);
        return { id: row.id, before: null, after, result: after };
      }),

    updateHelpArticle: (actor: AuditActor, brandId: bigint, id: bigint, input: HelpArticleInput) =>
      audited(actor, 'content.help.update', 'content_help_article', async (tx) => {
        const existing = await repository.findHelpArticle(tx, brandId, id);
        const row =
          existing && (await repository.updateHelpArticle(tx, id, helpArticleValues(brandId, input)));
        if (!existing || !row) throw notFound('help article', id);
        const after = toAdminHelpArticle(row);
        return { id, before: toAdminHelpArticle(existing), after, result: after };
      }),

    deleteHelpArticle: (actor: AuditActor, brandId: bigint, id: bigint) =>
      audited(actor, 'content.help.delete', 'content_help_article', async (tx) => {
        const existing = await repository.findHelpArticle(tx, brandId, id);
        if (!existing) throw notFound('help article', id);
        await repository.deleteHelpArticle(tx, id);
        return { id, before: toAdminHelpArticle(existing), after: null, result: { id: id.toString() } };
      }),
  };
};

export type ContentService = ReturnType<typeof createContentService>;
