import type {
  AnnouncementInput,
  BannerGroup,
  BannerInput,
  HelpArticleInput,
  HelpDevice,
} from '@wps/contracts/content';
import type { AuditActor } from '../audit/audit.service';
import {
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncementsForOperator,
  updateAnnouncement,
} from './announcement-edits';
import {
  type AnnouncementListRequest,
  type ContentRequest,
  getContent,
  listAnnouncements,
} from './announcements';
import { createBanner, deleteBanner, listBannersForOperator, updateBanner } from './banner-edits';
import { listBanners } from './banners';
import { listBannerImageOrigins } from './content.repository';
import {
  type ContentContext,
  type ContentServiceDependencies,
  createPublicContentCache,
} from './content-context';
import { getHelp } from './help-centre';
import {
  createHelpArticle,
  deleteHelpArticle,
  listHelpArticlesForOperator,
  updateHelpArticle,
} from './help-article-edits';

export type { AnnouncementListRequest, ContentRequest } from './announcements';
/** The HTML operators may store, for other domains' operator content (promotion terms). */
export { sanitizeContentHtml } from './content-html';

/**
 * Banners, announcements and notices, and the help centre: what players read (cached briefly) and the
 * operator's changes (each audited in its transaction, with the row before and after).
 *
 * Each job is a use case beside this file (banners, announcements, help-centre, and the operator's
 * banner-edits, announcement-edits, help-article-edits); this creates the instance's cache and binds them.
 */
export const createContentService = ({ db, now = () => new Date() }: ContentServiceDependencies) => {
  const context: ContentContext = { db, now, cache: createPublicContentCache() };
  return {
    getContent: (brandId: bigint, request: ContentRequest) => getContent(context, brandId, request),
    listBanners: (brandId: bigint, groupName: BannerGroup, language: string) =>
      listBanners(context, brandId, groupName, language),
    /** Where the brand's banner images live (their pages' Content-Security-Policy allows these hosts). */
    imageOrigins: (brandId: bigint) => listBannerImageOrigins(db, brandId),
    listAnnouncements: (brandId: bigint, request: AnnouncementListRequest) =>
      listAnnouncements(context, brandId, request),
    /**
     * The help centre in the language asked for; a language without articles falls back to the brand's
     * default language, then English, so a new locale never shows an empty help centre.
     */
    getHelp: (brandId: bigint, language: string, device: HelpDevice, defaultLanguage: string) =>
      getHelp(context, brandId, language, device, defaultLanguage),
    clearCache: (): void => {
      context.cache.clear();
    },

    // Operator side.

    adminListBanners: (brandId: bigint) => listBannersForOperator(context, brandId),
    createBanner: (actor: AuditActor, brandId: bigint, input: BannerInput) =>
      createBanner(context, actor, brandId, input),
    updateBanner: (actor: AuditActor, brandId: bigint, id: bigint, input: BannerInput) =>
      updateBanner(context, actor, brandId, id, input),
    deleteBanner: (actor: AuditActor, brandId: bigint, id: bigint) =>
      deleteBanner(context, actor, brandId, id),

    adminListAnnouncements: (brandId: bigint) => listAnnouncementsForOperator(context, brandId),
    createAnnouncement: (actor: AuditActor, brandId: bigint, input: AnnouncementInput) =>
      createAnnouncement(context, actor, brandId, input),
    updateAnnouncement: (actor: AuditActor, brandId: bigint, id: bigint, input: AnnouncementInput) =>
      updateAnnouncement(context, actor, brandId, id, input),
    deleteAnnouncement: (actor: AuditActor, brandId: bigint, id: bigint) =>
      deleteAnnouncement(context, actor, brandId, id),

    adminListHelpArticles: (brandId: bigint) => listHelpArticlesForOperator(context, brandId),
    createHelpArticle: (actor: AuditActor, brandId: bigint, input: HelpArticleInput) =>
      createHelpArticle(context, actor, brandId, input),
    updateHelpArticle: (actor: AuditActor, brandId: bigint, id: bigint, input: HelpArticleInput) =>
      updateHelpArticle(context, actor, brandId, id, input),
    deleteHelpArticle: (actor: AuditActor, brandId: bigint, id: bigint) =>
      deleteHelpArticle(context, actor, brandId, id),
  };
};

export type ContentService = ReturnType<typeof createContentService>;
