import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from '../site/site.tables';

/** A brand's banners per group (w_home, w_login, …), in one language or ALL, shown inside their window. */
export const contentBanners = pgTable(
  'content_banners',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    groupName: text('group_name').notNull(),
    imageUrl: text('image_url').notNull(),
    /** Null (no link), ROUTE (a path of the site) or URL (another site). */
    linkageType: text('linkage_type'),
    linkUrl: text('link_url'),
    title: text('title').notNull(),
    language: text('language').notNull().default('ALL'),
    sortOrder: integer('sort_order').notNull().default(0),
    activeFrom: timestamp('active_from', { withTimezone: true }),
    activeTo: timestamp('active_to', { withTimezone: true }),
    isEnabled: boolean('is_enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('content_banners_brand_idx').on(table.brandId, table.groupName, table.sortOrder)],
);

/** Announcements and notices (PL marquee, PU popup, PR promotion, H help); HTML is stored sanitised. */
export const contentAnnouncements = pgTable(
  'content_announcements',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** A logged in, B anonymous, F first-time login. */
    execution: text('execution').notNull().default('B'),
    promotionType: text('promotion_type'),
    language: text('language').notNull().default('ALL'),
    platform: text('platform').notNull().default('W'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('content_announcements_brand_idx').on(table.brandId, table.type, table.startsAt)],
);

/** The help centre: sections (term, agreement, faq, …) per language and device; HTML stored sanitised. */
export const contentHelpArticles = pgTable(
  'content_help_articles',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    device: text('device').notNull().default('WEB'),
    section: text('section').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('content_help_articles_brand_idx').on(table.brandId, table.language, table.device, table.sortOrder),
  ],
);
