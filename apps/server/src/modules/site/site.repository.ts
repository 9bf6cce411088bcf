import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/database';
import {
  brandCustomerServices,
  brandDomains,
  brandRegisterFields,
  brandResources,
  brands,
  brandWhitelabelModules,
} from './site.tables';

export type BrandRow = typeof brands.$inferSelect;
export type BrandSettingsPatch = Partial<
  Pick<
    BrandRow,
    | 'status'
    | 'maintenanceEndsAt'
    | 'blockedCountries'
    | 'gtagId'
    | 'siteName'
    | 'requireEncryptedBodies'
    | 'smsProvider'
    | 'smtpSettings'
    | 'feedbackMinWords'
    | 'feedbackMaxWords'
    | 'liveChatUrl'
    | 'mainDomain'
    | 'minimumAge'
    | 'supportedLanguages'
    | 'defaultLanguage'
    | 'palette'
    | 'fonts'
    | 'logoUploadId'
  >
>;

export const findBrandByMerchantCode = async (db: Executor, merchantCode: string) => {
  const [row] = await db.select().from(brands).where(eq(brands.merchantCode, merchantCode)).limit(1);
  return row;
};

export const findBrandById = async (db: Executor, brandId: bigint) => {
  const [row] = await db.select().from(brands).where(eq(brands.id, brandId)).limit(1);
  return row;
};

/** Every brand with the time zone its days are cut on, by id. */
export const listBrandTimeZones = (db: Executor) =>
  db.select({ id: brands.id, timeZone: brands.timeZone }).from(brands).orderBy(asc(brands.id));

export const findBrandByDomain = async (db: Executor, domainName: string) => {
  const [row] = await db
    .select({ brand: brands })
    .from(brandDomains)
    .innerJoin(brands, eq(brands.id, brandDomains.brandId))
    .where(eq(brandDomains.domainName, domainName))
    .limit(1);
  return row?.brand;
};

export const listDomains = (db: Executor, brandId: bigint, device: number) =>
  db
    .select({ domainName: brandDomains.domainName })
    .from(brandDomains)
    .where(and(eq(brandDomains.brandId, brandId), eq(brandDomains.device, device)))
    .orderBy(asc(brandDomains.sortOrder), asc(brandDomains.id));

export const listWhitelabelModules = (db: Executor, brandId: bigint) =>
  db
    .select()
    .from(brandWhitelabelModules)
    .where(eq(brandWhitelabelModules.brandId, brandId))
    .orderBy(asc(brandWhitelabelModules.sortOrder), asc(brandWhitelabelModules.modId));

export const listRegisterFields = (db: Executor, brandId: bigint) =>
  db.select().from(brandRegisterFields).where(eq(brandRegisterFields.brandId, brandId));

export const listCustomerServices = (db: Executor, brandId: bigint) =>
  db
    .select()
    .from(brandCustomerServices)
    .where(eq(brandCustomerServices.brandId, brandId))
    .orderBy(asc(brandCustomerServices.sortOrder), asc(brandCustomerServices.id));

export const listResources = (db: Executor, brandId: bigint) =>
  db
    .select()
    .from(brandResources)
    .where(eq(brandResources.brandId, brandId))
    .orderBy(asc(brandResources.sortOrder), asc(brandResources.id));

/** Locks the brand row so concurrent setting changes are applied one after the other. */
export const lockBrand = async (db: Executor, merchantCode: string) => {
  const [row] = await db
    .select()
    .from(brands)
    .where(eq(brands.merchantCode, merchantCode))
    .for('update')
    .limit(1);
  return row;
};

export const updateBrand = async (db: Executor, brandId: bigint, patch: BrandSettingsPatch) => {
  const [row] = await db
    .update(brands)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(brands.id, brandId))
    .returning();
  return row;
};

/** Which of these uploads a brand shows as its logo. */
export const listLogoUploads = async (db: Executor, uploadIds: readonly string[]): Promise<string[]> => {
  if (uploadIds.length === 0) return [];
  const rows = await db
    .select({ id: brands.logoUploadId })
    .from(brands)
    .where(inArray(brands.logoUploadId, [...uploadIds]));
  return rows.flatMap((row) => row.id ?? []);
};

export const setWhitelabelModule = (db: Executor, brandId: bigint, modId: string, isEnabled: boolean) =>
  db
    .update(brandWhitelabelModules)
    .set({ isEnabled })
    .where(and(eq(brandWhitelabelModules.brandId, brandId), eq(brandWhitelabelModules.modId, modId)));

/** Every domain of the brand, whatever the device, in the order each device lists them. */
export const listAllDomains = (db: Executor, brandId: bigint) =>
  db
    .select({ domainName: brandDomains.domainName, device: brandDomains.device })
    .from(brandDomains)
    .where(eq(brandDomains.brandId, brandId))
    .orderBy(asc(brandDomains.device), asc(brandDomains.sortOrder), asc(brandDomains.id));

/** Which of these host names another brand already has, with that brand's code. */
export const findDomainsOfOtherBrands = (db: Executor, brandId: bigint | null, domainNames: string[]) =>
  db
    .select({ domainName: brandDomains.domainName, merchantCode: brands.merchantCode })
    .from(brandDomains)
    .innerJoin(brands, eq(brands.id, brandDomains.brandId))
    .where(
      and(
        inArray(brandDomains.domainName, domainNames),
        brandId === null ? undefined : ne(brandDomains.brandId, brandId),
      ),
    );

/** Replaces the brand's domains with these, each device's in the order given. */
export const replaceDomains = async (
  tx: Executor,
  brandId: bigint,
  domains: ReadonlyArray<{ domainName: string; device: number }>,
): Promise<void> => {
  await tx.delete(brandDomains).where(eq(brandDomains.brandId, brandId));
  if (domains.length === 0) return;
  await tx
    .insert(brandDomains)
    .values(domains.map((domain, index) => ({ brandId, ...domain, sortOrder: index })));
};

/** Replaces the brand's customer-service entries with these, in the order given. */
export const replaceCustomerServices = async (
  tx: Executor,
  brandId: bigint,
  entries: ReadonlyArray<{ title: string; csType: string; path: string }>,
): Promise<void> => {
  await tx.delete(brandCustomerServices).where(eq(brandCustomerServices.brandId, brandId));
  if (entries.length === 0) return;
  await tx
    .insert(brandCustomerServices)
    .values(entries.map((entry, index) => ({ brandId, ...entry, sortOrder: index })));
};

/** Replaces the brand's community links with these, in the order given. */
export const replaceResources = async (
  tx: Executor,
  brandId: bigint,
  entries: ReadonlyArray<{ resourceType: string; url: string; labelNameEn: string }>,
): Promise<void> => {
  await tx.delete(brandResources).where(eq(brandResources.brandId, brandId));
  if (entries.length === 0) return;
  await tx
    .insert(brandResources)
    .values(entries.map((entry, index) => ({ brandId, ...entry, sortOrder: index })));
};

export const insertBrand = async (tx: Executor, brand: typeof brands.$inferInsert): Promise<BrandRow> => {
  const [row] = await tx.insert(brands).values(brand).returning();
  if (!row) throw new Error(`brand ${brand.merchantCode} was not created`);
  return row;
};

/** Every brand, oldest first. */
export const listBrands = (db: Executor) => db.select().from(brands).orderBy(asc(brands.id));

/** The currencies the ledger knows (the wallet's published view), by code. */
export const listCurrencyCodes = async (db: Executor): Promise<string[]> =>
  (await selectRows<{ code: string }>(db, sql`select code from wallet_currencies order by code`)).map(
    (row) => row.code,
  );
