import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
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

export const setWhitelabelModule = (db: Executor, brandId: bigint, modId: string, isEnabled: boolean) =>
  db
    .update(brandWhitelabelModules)
    .set({ isEnabled })
    .where(and(eq(brandWhitelabelModules.brandId, brandId), eq(brandWhitelabelModules.modId, modId)));
