import { type BrandFonts, platformFonts } from '@wps/contracts/brand-look';
import type { BrandPalette } from '@wps/contracts/brand-palette';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** A brand (white-label site), selected by its merchant code. */
export const brands = pgTable('brands', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantCode: text('merchant_code').notNull().unique(),
  siteName: text('site_name').notNull(),
  /** Operator-set status: 0 normal, 1 maintenance. Region restriction (2) is decided per visitor. */
  status: smallint('status').notNull().default(0),
  maintenanceEndsAt: timestamp('maintenance_ends_at', { withTimezone: true }),
  /** ISO 3166-1 alpha-2 codes whose visitors see the blocked-region screen. */
  blockedCountries: text('blocked_countries').array().notNull().default([]),
  mainDomain: text('main_domain').notNull(),
  gtagId: text('gtag_id'),
  imageCdns: text('image_cdns').array().notNull().default([]),
  launchGameCdns: text('launch_game_cdns').array().notNull().default([]),
  currency: text('currency').notNull(),
  currencySymbol: text('currency_symbol').notNull(),
  /** IANA time zone of the brand's business day (daily limits, reports, settlement periods). */
  timeZone: text('time_zone').notNull().default('UTC'),
  supportedLanguages: text('supported_languages').array().notNull(),
  defaultLanguage: text('default_language').notNull(),
  minimumAge: smallint('minimum_age').notNull().default(18),
  /** With PWDEXPFORCECHANGE3 on, a password older than this must be changed at login. */
  passwordMaxAgeDays: smallint('password_max_age_days').notNull().default(90),
  /** Refuse plain bodies on the spec's "encrypt" calls. */
  requireEncryptedBodies: boolean('require_encrypted_bodies').notNull().default(false),
  smsCodeTtlMinutes: smallint('sms_code_ttl_minutes').notNull().default(5),
  /** SMS delivery: null means the development outbox; else { url, apiKey, sender } of an HTTP gateway. */
  smsProvider: jsonb('sms_provider').$type<{ url: string; apiKey: string; sender: string } | null>(),
  /** Email delivery: null means the development outbox; else an SMTP server. */
  smtpSettings: jsonb('smtp_settings').$type<{
    host: string;
    port: number;
    secure: boolean;
    user: string | null;
    password: string | null;
    from: string;
  } | null>(),
  /** Word bounds of a feedback's content (spec section 5: "between {0} and {1} words"). */
  feedbackMinWords: smallint('feedback_min_words').notNull().default(5),
  feedbackMaxWords: smallint('feedback_max_words').notNull().default(500),
  /** Where the live chat (CBS_launchChat) opens; null when the brand has no live chat. */
  liveChatUrl: text('live_chat_url'),
  /** The brand's colours in each theme (checked readable when set); null keeps the platform's. */
  palette: jsonb('palette').$type<BrandPalette | null>(),
  /** The brand's faces for text and headings, each "system" or one the site bundles. */
  fonts: jsonb('fonts').$type<BrandFonts>().notNull().default(platformFonts),
  /** The brand's logo, an upload the server re-encoded (the uploads module's brand logos); null: the name as text. */
  logoUploadId: uuid('logo_upload_id'),
  /** The installed app's theme and splash colour (its web app manifest), a #rrggbb colour. */
  themeColor: text('theme_color').notNull().default('#0d0f1a'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Host names that select a brand, and the mirror list offered to players. */
export const brandDomains = pgTable(
  'brand_domains',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    domainName: text('domain_name').notNull().unique(),
    device: smallint('device').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('brand_domains_brand_idx').on(table.brandId, table.device, table.sortOrder)],
);

/** The whitelabel tree: groups (no parent) holding feature flags. */
export const brandWhitelabelModules = pgTable(
  'brand_whitelabel_modules',
  {
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    modId: text('mod_id').notNull(),
    parentModId: text('parent_mod_id'),
    isEnabled: boolean('is_enabled').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.brandId, table.modId] })],
);

export const brandRegisterFields = pgTable(
  'brand_register_fields',
  {
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    isEnabled: boolean('is_enabled').notNull(),
    isRequired: boolean('is_required').notNull(),
    acceptedPattern: text('accepted_pattern').notNull().default('*'),
    patternId: integer('pattern_id'),
    minLength: integer('min_length').notNull().default(0),
    maxLength: integer('max_length').notNull().default(255),
  },
  (table) => [primaryKey({ columns: [table.brandId, table.field] })],
);

export const brandCustomerServices = pgTable(
  'brand_customer_services',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    csType: text('cs_type').notNull(),
    path: text('path').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('brand_customer_services_brand_idx').on(table.brandId, table.sortOrder)],
);

export const brandResources = pgTable(
  'brand_resources',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    resourceType: text('resource_type').notNull(),
    url: text('url').notNull(),
    labelNameEn: text('label_name_en').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('brand_resources_brand_idx').on(table.brandId, table.sortOrder)],
);
