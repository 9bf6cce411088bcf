import { brandFontsSchema } from './brand-look';
import { brandPaletteSchema } from './brand-palette';
import { paletteIssues } from './palette-contrast';
import { z } from 'zod';
import { successEnvelope } from './envelope';
import { minimumAgeBounds } from './kyc-rules';
import { languageCodes, resourceTypes, whitelabelFlags } from './site';

const countryCode = z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 code in capitals');

const siteLanguagesSchema = z
  .strictObject({
    supported: z
      .array(z.enum(languageCodes))
      .min(1)
      .refine((codes) => new Set(codes).size === codes.length, 'languages must not repeat'),
    default: z.enum(languageCodes),
  })
  .refine((languages) => languages.supported.includes(languages.default), {
    message: 'the default language must be one of the supported ones',
    path: ['default'],
  });

/** What an operator may change of a brand's site configuration. Region status (2) is never set by hand. */
export const siteSettingsPatchSchema = z
  .strictObject({
    status: z.union([z.literal(0), z.literal(1)]).optional(),
    maintenanceEndTime: z.iso.datetime({ offset: true }).nullable().optional(),
    blockedCountries: z
      .array(countryCode)
      .max(250)
      .refine((codes) => new Set(codes).size === codes.length, 'countries must not repeat')
      .optional(),
    flags: z.partialRecord(z.enum(whitelabelFlags), z.boolean()).optional(),
    /** Refuse plain bodies on the spec's "encrypt" calls (login, registration, passwords). */
    requireEncryptedBodies: z.boolean().optional(),
    /** Word bounds of a feedback's content. */
    feedbackWords: z
      .strictObject({ min: z.number().int().min(1).max(5000), max: z.number().int().min(1).max(5000) })
      .refine((bounds) => bounds.min <= bounds.max, 'min must not exceed max')
      .optional(),
    /** Where the live chat opens (CBS_launchChat); null for no live chat. */
    liveChatUrl: z
      .url({ protocol: /^https$/ })
      .max(2048)
      .nullable()
      .optional(),
    /** The age a visitor must have reached to register (date of birth checked); never under 18. */
    minimumAge: z.number().int().min(minimumAgeBounds.min).max(minimumAgeBounds.max).optional(),
    /** The languages the site offers and the one a first visit shows (one of them). */
    languages: siteLanguagesSchema.optional(),
    /** The brand's colours in each theme, each pair readable (WCAG AA); null for the platform's. */
    palette: brandPaletteSchema
      .superRefine((palette, context) => {
        for (const issue of paletteIssues(palette)) {
          context.addIssue({ code: 'custom', path: issue.field.split('.').slice(1), message: issue.message });
        }
      })
      .nullable()
      .optional(),
    /** The brand's faces for text and headings, each one of the bundled faces or the system's. */
    fonts: brandFontsSchema.optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'nothing to change');
export type SiteSettingsPatch = z.infer<typeof siteSettingsPatchSchema>;

export const siteSettingsSchema = z.object({
  merchantCode: z.string(),
  siteName: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  maintenanceEndTime: z.string().nullable(),
  blockedCountries: z.array(z.string()),
  flags: z.record(z.enum(whitelabelFlags), z.boolean()),
  requireEncryptedBodies: z.boolean(),
  feedbackWords: z.object({ min: z.number().int(), max: z.number().int() }),
  liveChatUrl: z.string().nullable(),
  minimumAge: z.number().int(),
  palette: brandPaletteSchema.nullable(),
  fonts: brandFontsSchema,
  /** The brand's logo (set by its own upload route); null shows the site name as text. */
  logoUrl: z.string().nullable(),
  languages: z.object({ supported: z.array(z.enum(languageCodes)), default: z.enum(languageCodes) }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const siteSettingsResponseSchema = successEnvelope(siteSettingsSchema);

const loopbackOrHttps = (value: string) => {
  const url = new URL(value);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
};

/** Where a brand's SMS and email go; null means the development outbox. Secrets are write-only. */
export const deliverySettingsSchema = z.strictObject({
  smsGateway: z
    .strictObject({
      url: z.url().refine(loopbackOrHttps, 'https, or http on this machine'),
      /** Absent keeps the stored key (never shown) while the URL is unchanged; required otherwise. */
      apiKey: z.string().min(1).max(512).optional(),
      sender: z.string().min(1).max(32),
    })
    .nullable(),
  smtp: z
    .strictObject({
      host: z.string().min(1).max(255),
      port: z.number().int().min(1).max(65535),
      secure: z.boolean(),
      user: z.string().max(255).nullable(),
      /** Absent keeps the stored password (never shown) while host, port and user are unchanged; null: none. */
      password: z.string().max(512).nullable().optional(),
      from: z.string().min(3).max(255),
    })
    .nullable(),
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;
export const deliverySettingsResponseSchema = successEnvelope(
  z.object({ smsGateway: z.string().nullable(), smtp: z.string().nullable() }),
);

/** The delivery settings as the operator sees them: where messages go, the secrets only as whether they are set. */
export const deliverySettingsViewSchema = z.object({
  smsGateway: z.object({ url: z.string(), sender: z.string(), hasApiKey: z.boolean() }).nullable(),
  smtp: z
    .object({
      host: z.string(),
      port: z.number().int(),
      secure: z.boolean(),
      user: z.string().nullable(),
      from: z.string(),
      hasPassword: z.boolean(),
    })
    .nullable(),
});
export type DeliverySettingsView = z.infer<typeof deliverySettingsViewSchema>;
export const deliverySettingsViewResponseSchema = successEnvelope(deliverySettingsViewSchema);

/** A host name as brands' domains are kept: lower case, no scheme, port or path (localhost and IPv4 too). */
export const hostNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'a host name such as play.example.com (no scheme, port or path)',
  );

/**
 * The brand's domains: each selects the brand when a visitor opens it, and the device-0 ones, in order, are the
 * mirror list the site offers (its first five). The main domain is one of them.
 */
export const siteDomainsSchema = z
  .strictObject({
    mainDomain: hostNameSchema,
    domains: z
      .array(
        z.strictObject({ domainName: hostNameSchema, device: z.number().int().min(0).max(9).default(0) }),
      )
      .min(1)
      .max(100)
      .refine(
        (domains) => new Set(domains.map((domain) => domain.domainName)).size === domains.length,
        'domains must not repeat',
      ),
  })
  .refine((value) => value.domains.some((domain) => domain.domainName === value.mainDomain), {
    message: 'the main domain must be one of the domains',
    path: ['mainDomain'],
  });
export type SiteDomains = z.output<typeof siteDomainsSchema>;
export const siteDomainsResponseSchema = successEnvelope(
  z.object({
    mainDomain: z.string(),
    domains: z.array(z.object({ domainName: z.string(), device: z.number().int() })),
  }),
);

const httpsUrl = z.url({ protocol: /^https$/ }).max(2048);
const label = z.string().trim().min(1).max(100);

/** Where players reach the brand's people: the live chat, the customer-service entries and community links. */
export const siteLinksSchema = z.strictObject({
  /** Where the live chat opens (CBS_launchChat); null for no live chat. */
  liveChatUrl: httpsUrl.nullable(),
  customerServices: z
    .array(
      z.strictObject({
        title: label,
        /** The kind of channel the site shows it as (TELEGRAM, WHATSAPP, LIVECHAT …). */
        csType: z
          .string()
          .trim()
          .regex(/^[A-Z][A-Z0-9_]{0,31}$/, 'capital letters, digits or _, such as TELEGRAM'),
        path: httpsUrl,
      }),
    )
    .max(20),
  resources: z
    .array(z.strictObject({ resourceType: z.enum(resourceTypes), url: httpsUrl, labelNameEn: label }))
    .max(20),
});
export type SiteLinks = z.infer<typeof siteLinksSchema>;
export const siteLinksResponseSchema = successEnvelope(siteLinksSchema);

/** Whether the runtime knows the IANA time zone (the server's and the browser's Intl alike). */
const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** A new brand (white label): what the operator chooses; everything else starts as every brand does. */
export const brandCreateRequestSchema = z.strictObject({
  merchantCode: z
    .string()
    .trim()
    .regex(/^[A-Z][A-Z0-9_]{1,31}$/, '2 to 32 capital letters, digits or _, starting with a letter'),
  siteName: z.string().trim().min(1).max(100),
  /** The brand's first (and main) domain: visitors who open it get this brand. */
  domain: hostNameSchema,
  /** A currency the platform's ledger knows. */
  currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as USD'),
  timeZone: z.string().min(1).max(64).refine(isTimeZone, 'an IANA time zone such as Asia/Manila'),
  language: z.enum(languageCodes),
});
export type BrandCreateRequest = z.infer<typeof brandCreateRequestSchema>;

export const brandSummarySchema = z.object({
  merchantCode: z.string(),
  siteName: z.string(),
  mainDomain: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  defaultLanguage: z.string(),
  createdAt: z.string(),
});
export type BrandSummary = z.infer<typeof brandSummarySchema>;
export const brandResponseSchema = successEnvelope(brandSummarySchema);
/** Every brand (a platform has tens, not thousands) and the currencies a new one may use. */
export const brandListResponseSchema = successEnvelope(
  z.object({ list: z.array(brandSummarySchema), currencies: z.array(z.string()) }),
);
