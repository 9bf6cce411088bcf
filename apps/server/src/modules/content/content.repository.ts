import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database';
import { contentAnnouncements, contentBanners, contentHelpArticles } from './content.tables';

export type BannerRow = typeof contentBanners.$inferSelect;
export type BannerValues = Omit<typeof contentBanners.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type AnnouncementRow = typeof contentAnnouncements.$inferSelect;
export type AnnouncementValues = Omit<
  typeof contentAnnouncements.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;
export type HelpArticleRow = typeof contentHelpArticles.$inferSelect;
export type HelpArticleValues = Omit<
  typeof contentHelpArticles.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;

/** Rows in the language asked for, or meant for every language. */
const inLanguage = (column: PgColumn, language: string): SQL | undefined =>
  or(eq(column, language), eq(column, 'ALL'));

// Banners

/** The hosts (scheme and host) of a brand's banner images given as absolute URLs: where its content lives. */
export const listBannerImageOrigins = async (executor: Executor, brandId: bigint): Promise<string[]> => {
  const origin = sql<string | null>`substring(${contentBanners.imageUrl} from '^https?://[^/?#]+')`;
  const rows = await executor
    .selectDistinct({ origin })
    .from(contentBanners)
    .where(eq(contentBanners.brandId, brandId));
  return rows.flatMap((row) => row.origin ?? []);
};

export const listLiveBanners = (
  executor: Executor,
  brandId: bigint,
  filter: { groupNames?: readonly string[]; language: string; now: Date },
) =>
  executor
    .select()
    .from(contentBanners)
    .where(
      and(
        eq(contentBanners.brandId, brandId),
        eq(contentBanners.isEnabled, true),
        filter.groupNames ? inArray(contentBanners.groupName, [...filter.groupNames]) : undefined,
        inLanguage(contentBanners.language, filter.language),
        or(isNull(contentBanners.activeFrom), lte(contentBanners.activeFrom, filter.now)),
        or(isNull(contentBanners.activeTo), gt(contentBanners.activeTo, filter.now)),
      ),
    )
    .orderBy(asc(contentBanners.sortOrder), asc(contentBanners.id));

export const listAllBanners = (executor: Executor, brandId: bigint) =>
  executor
    .select()
    .from(contentBanners)
    .where(eq(contentBanners.brandId, brandId))
    .orderBy(asc(contentBanners.groupName), asc(contentBanners.sortOrder), asc(contentBanners.id));

export const insertBanner = async (executor: Executor, values: BannerValues): Promise<BannerRow> => {
  const [row] = await executor.insert(contentBanners).values(values).returning();
  if (!row) throw new Error('content_banners insert returned no row');
  return row;
};

export const findBanner = async (executor: Executor, brandId: bigint, id: bigint) =>
  (
    await executor
      .select()
      .from(contentBanners)
      .where(and(eq(contentBanners.brandId, brandId), eq(contentBanners.id, id)))
      .for('update')
  ).at(0);

export const updateBanner = async (executor: Executor, id: bigint, values: BannerValues) =>
  (
    await executor
      .update(contentBanners)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(contentBanners.id, id))
      .returning()
  ).at(0);

export const deleteBanner = (executor: Executor, id: bigint) =>
  executor.delete(contentBanners).where(eq(contentBanners.id, id));

export const countBanners = async (executor: Executor, brandId: bigint): Promise<number> =>
  (
    await executor.select({ total: count() }).from(contentBanners).where(eq(contentBanners.brandId, brandId))
  ).at(0)?.total ?? 0;

/** The banner groups a brand has any banner in (enabled or not). */
export const listBannerGroups = async (executor: Executor, brandId: bigint): Promise<string[]> =>
  (
    await executor
      .selectDistinct({ groupName: contentBanners.groupName })
      .from(contentBanners)
      .where(eq(contentBanners.brandId, brandId))
  ).map((row) => row.groupName);

// Announcements

const liveAnnouncements = (
  brandId: bigint,
  filter: { types: readonly string[]; language: string; now: Date; execution?: string },
) =>
  and(
    eq(contentAnnouncements.brandId, brandId),
    eq(contentAnnouncements.isEnabled, true),
    inArray(contentAnnouncements.type, [...filter.types]),
    inLanguage(contentAnnouncements.language, filter.language),
    filter.execution === undefined ? undefined : eq(contentAnnouncements.execution, filter.execution),
    lte(contentAnnouncements.startsAt, filter.now),
    or(isNull(contentAnnouncements.endsAt), gt(contentAnnouncements.endsAt, filter.now)),
  );

const newestFirst = [desc(contentAnnouncements.startsAt), desc(contentAnnouncements.id)];

export const listLiveAnnouncements = (
  executor: Executor,
  brandId: bigint,
  filter: { types: readonly string[]; language: string; now: Date; execution?: string },
  page?: { limit: number; offset: number },
) => {
  const query = executor
    .select()
    .from(contentAnnouncements)
    .where(liveAnnouncements(brandId, filter))
    .orderBy(...newestFirst);
  return page ? query.limit(page.limit).offset(page.offset) : query;
};

export const countLiveAnnouncements = async (
  executor: Executor,
  brandId: bigint,
  filter: { types: readonly string[]; language: string; now: Date; execution?: string },
): Promise<number> =>
  (
    await executor
      .select({ total: count() })
      .from(contentAnnouncements)
      .where(liveAnnouncements(brandId, filter))
  ).at(0)?.total ?? 0;

export const listAllAnnouncements = (executor: Executor, brandId: bigint) =>
  executor
    .select()
    .from(contentAnnouncements)
    .where(eq(contentAnnouncements.brandId, brandId))
    .orderBy(...newestFirst);

export const insertAnnouncement = async (
  executor: Executor,
  values: AnnouncementValues,
): Promise<AnnouncementRow> => {
  const [row] = await executor.insert(contentAnnouncements).values(values).returning();
  if (!row) throw new Error('content_announcements insert returned no row');
  return row;
};

export const findAnnouncement = async (executor: Executor, brandId: bigint, id: bigint) =>
  (
    await executor
      .select()
      .from(contentAnnouncements)
      .where(and(eq(contentAnnouncements.brandId, brandId), eq(contentAnnouncements.id, id)))
      .for('update')
  ).at(0);

export const updateAnnouncement = async (executor: Executor, id: bigint, values: AnnouncementValues) =>
  (
    await executor
      .update(contentAnnouncements)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(contentAnnouncements.id, id))
      .returning()
  ).at(0);

export const deleteAnnouncement = (executor: Executor, id: bigint) =>
  executor.delete(contentAnnouncements).where(eq(contentAnnouncements.id, id));

/** The announcement types (PL, PU, PR, H) a brand has any row of. */
export const listAnnouncementTypes = async (executor: Executor, brandId: bigint): Promise<string[]> =>
  (
    await executor
      .selectDistinct({ type: contentAnnouncements.type })
      .from(contentAnnouncements)
      .where(eq(contentAnnouncements.brandId, brandId))
  ).map((row) => row.type);

export const countAnnouncements = async (executor: Executor, brandId: bigint): Promise<number> =>
  (
    await executor
      .select({ total: count() })
      .from(contentAnnouncements)
      .where(eq(contentAnnouncements.brandId, brandId))
  ).at(0)?.total ?? 0;

// Help articles

export const listHelpArticles = (executor: Executor, brandId: bigint, language: string, device: string) =>
  executor
    .select()
    .from(contentHelpArticles)
    .where(
      and(
        eq(contentHelpArticles.brandId, brandId),
        eq(contentHelpArticles.language, language),
        eq(contentHelpArticles.device, device),
      ),
    )
    .orderBy(asc(contentHelpArticles.sortOrder), asc(contentHelpArticles.id));

export const listAllHelpArticles = (executor: Executor, brandId: bigint) =>
  executor
    .select()
    .from(contentHelpArticles)
    .where(eq(contentHelpArticles.brandId, brandId))
    .orderBy(
      asc(contentHelpArticles.language),
      asc(contentHelpArticles.device),
      asc(contentHelpArticles.sortOrder),
      asc(contentHelpArticles.id),
    );

export const insertHelpArticle = async (
  executor: Executor,
  values: HelpArticleValues,
): Promise<HelpArticleRow> => {
  const [row] = await executor.insert(contentHelpArticles).values(values).returning();
  if (!row) throw new Error('content_help_articles insert returned no row');
  return row;
};

export const findHelpArticle = async (executor: Executor, brandId: bigint, id: bigint) =>
  (
    await executor
      .select()
      .from(contentHelpArticles)
      .where(and(eq(contentHelpArticles.brandId, brandId), eq(contentHelpArticles.id, id)))
      .for('update')
  ).at(0);

export const updateHelpArticle = async (executor: Executor, id: bigint, values: HelpArticleValues) =>
  (
    await executor
      .update(contentHelpArticles)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(contentHelpArticles.id, id))
      .returning()
  ).at(0);

export const deleteHelpArticle = (executor: Executor, id: bigint) =>
  executor.delete(contentHelpArticles).where(eq(contentHelpArticles.id, id));

export const countHelpArticles = async (executor: Executor, brandId: bigint): Promise<number> =>
  (
    await executor
      .select({ total: count() })
      .from(contentHelpArticles)
      .where(eq(contentHelpArticles.brandId, brandId))
  ).at(0)?.total ?? 0;

// Bulk inserts, for the demo seed.

export const insertBanners = async (executor: Executor, values: BannerValues[]): Promise<void> => {
  if (values.length > 0) await executor.insert(contentBanners).values(values);
};

export const insertAnnouncements = async (
  executor: Executor,
  values: AnnouncementValues[],
): Promise<void> => {
  if (values.length > 0) await executor.insert(contentAnnouncements).values(values);
};

export const insertHelpArticles = async (executor: Executor, values: HelpArticleValues[]): Promise<void> => {
  if (values.length > 0) await executor.insert(contentHelpArticles).values(values);
};

// Banner pictures uploaded by operators

/** Whether a banner of the brand shows this image URL. */
export const bannerShowsImage = async (
  executor: Executor,
  brandId: bigint,
  imageUrl: string,
): Promise<boolean> => {
  const [row] = await executor
    .select({ id: contentBanners.id })
    .from(contentBanners)
    .where(and(eq(contentBanners.brandId, brandId), eq(contentBanners.imageUrl, imageUrl)))
    .limit(1);
  return row !== undefined;
};

/** Which of these image URLs some banner shows. */
export const listShownBannerImages = async (
  executor: Executor,
  imageUrls: readonly string[],
): Promise<string[]> => {
  if (imageUrls.length === 0) return [];
  const rows = await executor
    .selectDistinct({ imageUrl: contentBanners.imageUrl })
    .from(contentBanners)
    .where(inArray(contentBanners.imageUrl, [...imageUrls]));
  return rows.map((row) => row.imageUrl);
};
