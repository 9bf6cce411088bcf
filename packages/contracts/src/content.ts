import { z } from 'zod';
import { announcementPopupPageSize } from './content-rules';
import { successEnvelope } from './envelope';

/** Where a banner shows (spec section 3, Banner). */
export const bannerGroups = ['w_home', 'w_login', 'w_register', 'w_leftmenu', 'w_forget'] as const;
export type BannerGroup = (typeof bannerGroups)[number];

/**
 * What a click on a banner does: nothing (null), a route of the site, or another site in a new tab. The
 * spec only says "banners with linkageType open a link"; the two kinds let the site navigate in place.
 */
export const linkageTypes = ['ROUTE', 'URL'] as const;
export type LinkageType = (typeof linkageTypes)[number];

/**
 * Kinds of announcement the content call asks for (spec section 7, "types B,PL,PU,PR,H"): B banners (the
 * banner table), PL player notices (the marquee), PU the popup, PR promotion notices, H help-centre notices.
 */
export const contentTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type ContentType = (typeof contentTypes)[number];
/** The kinds stored as announcements (banners have their own table). */
export const announcementTypes = ['PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof announcementTypes)[number];

/** The audience of an announcement: A logged in, B anonymous, F the logged-in first-time login. */
export const executions = ['A', 'B', 'F'] as const;
export type Execution = (typeof executions)[number];

export const helpDevices = ['WEB', 'H5'] as const;
export type HelpDevice = (typeof helpDevices)[number];

/** A row meant for every language. */
export const allLanguages = 'ALL';

export { announcementPopupPageSize, announcementPopupPagination } from './content-rules';

const languageField = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z]{2})?$/)
  .transform((language) => language.toUpperCase())
  .default('EN');

export const bannerSchema = z.object({
  id: z.string(),
  groupName: z.enum(bannerGroups),
  /** The image. */
  url: z.string(),
  linkageType: z.enum(linkageTypes).nullable(),
  /** Where a click goes when linkageType is set: a site path (ROUTE) or an absolute https URL (URL). */
  linkUrl: z.string().nullable(),
  /** Alternative text and caption, in the banner's language. */
  title: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const announcementSchema = z.object({
  id: z.string(),
  type: z.enum(announcementTypes),
  title: z.string(),
  /** HTML, sanitised when saved; the site sanitises it again before showing it. */
  content: z.string(),
  /** Milliseconds since the epoch (spec: "startDate (timestamp)"). */
  startDate: z.number().int(),
  endDate: z.number().int().nullable(),
  promotionType: z.string().nullable(),
  execution: z.enum(executions),
});
export type Announcement = z.infer<typeof announcementSchema>;

const commaList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .max(64)
    .transform((text) => text.split(',').map((part) => part.trim().toUpperCase()))
    .pipe(z.array(z.enum(values)).min(1));

/** The content call (GET /wps/relay/CSP_getContent): what the home page and the popups need at once. */
export const contentQuerySchema = z.object({
  types: commaList(contentTypes).default(['B', 'PL', 'PU', 'PR']),
  /** W, the web site; the only platform served. */
  platform: z.literal('W').default('W'),
  /** The audience the popup is for; player notices, promotions and help notices are for everyone. */
  execution: z.enum(executions).default('B'),
  language: languageField,
});
export const contentSchema = z.object({
  banners: z.array(bannerSchema),
  notices: z.array(announcementSchema),
  popup: z.array(announcementSchema),
  promotion: z.array(announcementSchema),
  help: z.array(announcementSchema),
});
export type Content = z.infer<typeof contentSchema>;
export const contentResponseSchema = successEnvelope(contentSchema);

export const bannersQuerySchema = z.object({
  groupName: z.enum(bannerGroups).default('w_home'),
  language: languageField,
});
export const bannersResponseSchema = successEnvelope(z.object({ list: z.array(bannerSchema) }));

/** MCSFE_getListAnnouncements: the announcements page, newest first. */
export const announcementListQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(announcementPopupPageSize),
  language: languageField,
  /** Only one audience's announcements; every audience when absent. */
  execution: z.enum(executions).optional(),
});
export const announcementListResponseSchema = successEnvelope(
  z.object({
    list: z.array(announcementSchema),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  }),
);

/** getHelpV2: the help centre's sections in one language, for one device. */
export const helpQuerySchema = z.object({
  lang: languageField,
  device: z
    .string()
    .transform((device) => device.toUpperCase())
    .pipe(z.enum(helpDevices))
    .default('WEB'),
});
export const helpSectionSchema = z.object({
  /** Stable anchor of the section (`term` is the terms of use, linked as /help#term). */
  section: z.string(),
  title: z.string(),
  content: z.string(),
});
export type HelpSection = z.infer<typeof helpSectionSchema>;
export const helpResponseSchema = successEnvelope(
  z.object({ language: z.string(), device: z.enum(helpDevices), sections: z.array(helpSectionSchema) }),
);

// Operator side (under /wps/backoffice/content/…; the brand is the x-merchant-code header's).

const instant = z.iso.datetime({ offset: true });
const title = z.string().trim().min(1).max(200);
/** Generous but bounded: an announcement is a page of text and a few images, not a document store. */
const htmlContent = z.string().max(100_000);
const storedLanguage = z
  .string()
  .trim()
  .regex(/^(ALL|all|[A-Za-z]{2,3}(-[A-Za-z]{2})?)$/, 'ALL or a language code such as EN')
  .transform((language) => language.toUpperCase());
/** Images: a path on this site, or https (never javascript: or data: URLs). */
const imageUrl = z
  .string()
  .trim()
  .min(1)
  .max(2_000)
  .regex(/^(\/[^/\\]|https:\/\/)/, 'a site path (/…) or an https URL');

/**
 * The site path of a banner picture an operator uploaded (POST /wps/backoffice/uploads): a banner's imageUrl.
 * Players are served it while a banner of the brand shows it.
 */
export const bannerImagePath = (uploadId: string): string => `/wps/content/banner-images/${uploadId}`;
export const bannerImageParamsSchema = z.strictObject({ uploadId: z.uuid() });

export const contentItemParamsSchema = z.strictObject({
  id: z.string().regex(/^[1-9][0-9]{0,17}$/),
});

const endsAfterStart = (window: { from?: string | null; to?: string | null }) =>
  !window.from || !window.to || Date.parse(window.to) > Date.parse(window.from);

export const bannerInputSchema = z
  .strictObject({
    groupName: z.enum(bannerGroups),
    imageUrl,
    linkageType: z.enum(linkageTypes).nullable().default(null),
    linkUrl: z.string().trim().max(2_000).nullable().default(null),
    title,
    language: storedLanguage.default(allLanguages),
    sortOrder: z.number().int().min(0).max(100_000).default(0),
    activeFrom: instant.nullable().default(null),
    activeTo: instant.nullable().default(null),
    isEnabled: z.boolean().default(true),
  })
  .refine((banner) => endsAfterStart({ from: banner.activeFrom, to: banner.activeTo }), {
    path: ['activeTo'],
    message: 'must be after activeFrom',
  })
  .refine(
    (banner) =>
      banner.linkageType === null ||
      (banner.linkageType === 'ROUTE' && /^\/(?!\/)[^\s\\]*$/.test(banner.linkUrl ?? '')) ||
      (banner.linkageType === 'URL' && /^https:\/\/[^\s]+$/.test(banner.linkUrl ?? '')),
    { path: ['linkUrl'], message: 'a site path (/…) for ROUTE, an https URL for URL' },
  );
export type BannerInput = z.output<typeof bannerInputSchema>;
export const adminBannerSchema = z.object({
  id: z.string(),
  groupName: z.enum(bannerGroups),
  imageUrl: z.string(),
  linkageType: z.enum(linkageTypes).nullable(),
  linkUrl: z.string().nullable(),
  title: z.string(),
  language: z.string(),
  sortOrder: z.number().int(),
  activeFrom: z.string().nullable(),
  activeTo: z.string().nullable(),
  isEnabled: z.boolean(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;
export const adminBannerResponseSchema = successEnvelope(adminBannerSchema);
export const adminBannerListResponseSchema = successEnvelope(z.object({ list: z.array(adminBannerSchema) }));

export const announcementInputSchema = z
  .strictObject({
    type: z.enum(announcementTypes),
    title,
    content: htmlContent,
    startDate: instant,
    endDate: instant.nullable().default(null),
    execution: z.enum(executions).default('B'),
    promotionType: z.string().trim().max(64).nullable().default(null),
    language: storedLanguage.default(allLanguages),
    platform: z.literal('W').default('W'),
    isEnabled: z.boolean().default(true),
  })
  .refine((announcement) => endsAfterStart({ from: announcement.startDate, to: announcement.endDate }), {
    path: ['endDate'],
    message: 'must be after startDate',
  });
export type AnnouncementInput = z.output<typeof announcementInputSchema>;
export const adminAnnouncementSchema = z.object({
  id: z.string(),
  type: z.enum(announcementTypes),
  title: z.string(),
  content: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  execution: z.enum(executions),
  promotionType: z.string().nullable(),
  language: z.string(),
  platform: z.string(),
  isEnabled: z.boolean(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;
export const adminAnnouncementResponseSchema = successEnvelope(adminAnnouncementSchema);
export const adminAnnouncementListResponseSchema = successEnvelope(
  z.object({ list: z.array(adminAnnouncementSchema) }),
);

export const helpArticleInputSchema = z.strictObject({
  language: storedLanguage,
  device: z.enum(helpDevices).default('WEB'),
  /** Lower-case anchor, e.g. term, agreement, faq. */
  section: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_-]{0,31}$/, 'lower-case letters, digits, _ or -'),
  title,
  content: htmlContent,
  sortOrder: z.number().int().min(0).max(100_000).default(0),
});
export type HelpArticleInput = z.output<typeof helpArticleInputSchema>;
export const adminHelpArticleSchema = z.object({
  id: z.string(),
  language: z.string(),
  device: z.enum(helpDevices),
  section: z.string(),
  title: z.string(),
  content: z.string(),
  sortOrder: z.number().int(),
});
export type AdminHelpArticle = z.infer<typeof adminHelpArticleSchema>;
export const adminHelpArticleResponseSchema = successEnvelope(adminHelpArticleSchema);
export const adminHelpArticleListResponseSchema = successEnvelope(
  z.object({ list: z.array(adminHelpArticleSchema) }),
);
export const deletedResponseSchema = successEnvelope(z.object({ id: z.string() }));
