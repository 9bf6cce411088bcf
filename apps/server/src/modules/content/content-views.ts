import type {
  AdminAnnouncement,
  AdminBanner,
  AdminHelpArticle,
  Announcement,
  AnnouncementType,
  Banner,
  BannerGroup,
  Execution,
  HelpDevice,
  LinkageType,
} from '@wps/contracts/content';
import type { AnnouncementRow, BannerRow, HelpArticleRow } from './content.repository';

export const toBanner = (row: BannerRow): Banner => ({
  id: row.id.toString(),
  groupName: row.groupName as BannerGroup,
  url: row.imageUrl,
  linkageType: row.linkageType as LinkageType | null,
  linkUrl: row.linkageType === null ? null : row.linkUrl,
  title: row.title,
});

export const toAdminBanner = (row: BannerRow): AdminBanner => ({
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

export const toAnnouncement = (row: AnnouncementRow): Announcement => ({
  id: row.id.toString(),
  type: row.type as AnnouncementType,
  title: row.title,
  content: row.content,
  startDate: row.startsAt.getTime(),
  endDate: row.endsAt?.getTime() ?? null,
  promotionType: row.promotionType,
  execution: row.execution as Execution,
});

export const toAdminAnnouncement = (row: AnnouncementRow): AdminAnnouncement => ({
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

export const toAdminHelpArticle = (row: HelpArticleRow): AdminHelpArticle => ({
  id: row.id.toString(),
  language: row.language,
  device: row.device as HelpDevice,
  section: row.section,
  title: row.title,
  content: row.content,
  sortOrder: row.sortOrder,
});
