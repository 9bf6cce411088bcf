import type {
  BrandCreateRequest,
  DeliverySettings,
  SiteLinks,
  SiteDomains,
  SiteSettingsPatch,
} from '@wps/contracts/site-admin';
import { isWhitelabelEnabled, type WhitelabelFlag } from '@wps/contracts/site';
import type { VisitorContext } from '../../http/request-context';
import type { AuditActor } from '../audit/audit.service';
import { readBrandContext } from './brand-context';
import { findBrandCurrency, listBrandTimeZones } from './brand-lookups';
import { createBrandSnapshots } from './brand-snapshots';
import { createBrand, listBrands } from './brand-creation';
import { readDeliverySettings, updateDeliverySettings } from './delivery-settings';
import type { SiteContext, SiteServiceDependencies } from './site-context';
import {
  listDomainOrigins,
  listDomainRoutes,
  readLiveChatUrl,
  readRegisterRules,
  readSiteOrigin,
  readWhitelabel,
} from './site-configuration';
import { readSiteDomains, updateSiteDomains } from './site-domains';
import { readSiteLinks, updateSiteLinks } from './site-links';
import { readPermission } from './site-permission';
import { readSiteSettings, updateSiteSettings } from './site-settings';
import { type BrandRow, listLogoUploads } from './site.repository';
import { readSystemStatus } from './system-status';
import { readWhitelabelTree } from './whitelabel-tree';

// Other domains and the tests import these from here; they live with the use cases beside this file.
export type { BrandContext } from './brand-context';
export { decideSystemStatus } from './system-status';
export { buildWhitelabelTree } from './whitelabel-tree';
export { lookupCountry } from './geo-location';

/**
 * Brands and their sites: the brand a visitor's site selects, its configuration for the site (served from one
 * short-lived snapshot per brand, cleared by the operator's changes on this instance), and the operator's
 * settings. Each job is a use case beside this file (brand-snapshots, brand-context, site-permission,
 * site-settings, delivery-settings, ...); this creates the instance's snapshot cache and binds them to it.
 */
export const createSiteService = (deps: SiteServiceDependencies) => {
  const context: SiteContext = { ...deps, snapshots: createBrandSnapshots(deps) };
  return {
    /** Every brand's id and time zone, by id (jobs that act for every brand on its own clock). */
    listBrandTimeZones: () => listBrandTimeZones(context),
    /** The brand with its whitelabel flags and register rules, for the domains that act on a visitor's behalf. */
    getBrandContext: (visitor: VisitorContext) => readBrandContext(context, visitor),
    getSystemStatus: (visitor: VisitorContext) => readSystemStatus(context, visitor),
    getWhitelabel: (visitor: VisitorContext) => readWhitelabel(context, visitor),
    getRegisterSetting: (visitor: VisitorContext) => readRegisterRules(context, visitor),
    /** Where the brand's live chat opens (CBS_launchChat); null when it has none. */
    getLiveChatUrl: (visitor: VisitorContext) => readLiveChatUrl(context, visitor),
    getDomainRoutes: (visitor: VisitorContext, device: number) => listDomainRoutes(context, visitor, device),
    /** The brand's domains with the origin each is reached at, from the request's origin and PUBLIC_URL. */
    getDomainOrigins: (visitor: VisitorContext, device: number, requestOrigin: string) =>
      listDomainOrigins(context, visitor, device, requestOrigin),
    /**
     * Where links to the visitor's brand site point: the request's own origin when it came to one of the
     * brand's domains, else PUBLIC_URL; null when neither (site-origins.ts). Reset emails and affiliate links.
     */
    getSiteOrigin: (visitor: VisitorContext, requestOrigin: string) =>
      readSiteOrigin(context, visitor, requestOrigin),
    getPermission: (visitor: VisitorContext) => readPermission(context, visitor),
    /** A brand's wallet currency, for calls that arrive without a visitor (vendor wallet callbacks). */
    getBrandCurrency: (brandId: bigint) => findBrandCurrency(context, brandId),
    /** Whether a whitelabel flag is on for a brand, read afresh: jobs that act for a brand without a visitor. */
    isBrandFlagEnabled: async (brandId: bigint, flag: WhitelabelFlag): Promise<boolean> =>
      isWhitelabelEnabled(await readWhitelabelTree(context.db, brandId), flag),
    /** Read afresh, not from the snapshot: the operator sees a change made on another instance at once. */
    getSiteSettings: (brand: Pick<BrandRow, 'id'>) => readSiteSettings(context, brand),
    /** An operator's change to a brand's settings, audited with the values before and after. */
    updateSiteSettings: (
      actor: AuditActor,
      brand: Pick<BrandRow, 'merchantCode'>,
      patch: SiteSettingsPatch,
    ) => updateSiteSettings(context, actor, brand, patch),
    /** Shows an upload (the uploads module's brand logos stored it) as the brand's logo, or none; audited. */
    setBrandLogo: (actor: AuditActor, brand: Pick<BrandRow, 'merchantCode'>, logoUploadId: string | null) =>
      updateSiteSettings(context, actor, brand, { logoUploadId }),
    /** Which of these uploads a brand shows as its logo (the upload purge keeps them). */
    findReferencedLogoUploads: (candidates: readonly { id: string }[]) =>
      listLogoUploads(
        context.db,
        candidates.map((candidate) => candidate.id),
      ),
    /** Sets where the brand's SMS and email go; audited without secrets. */
    updateDeliverySettings: (
      actor: AuditActor,
      brand: Pick<BrandRow, 'merchantCode'>,
      settings: DeliverySettings,
    ) => updateDeliverySettings(context, actor, brand, settings),
    /** The delivery settings for the operator's form; secrets only as whether they are set. */
    getDeliverySettings: (brand: Pick<BrandRow, 'id'>) => readDeliverySettings(context, brand),
    /** The brand's main domain and every domain that selects it (device 0's are the mirror list). */
    getSiteDomains: (brand: Pick<BrandRow, 'id'>) => readSiteDomains(context, brand),
    /** Replaces the brand's domains and main domain (none another brand has); audited. */
    updateSiteDomains: (actor: AuditActor, brand: Pick<BrandRow, 'merchantCode'>, input: SiteDomains) =>
      updateSiteDomains(context, actor, brand, input),
    /** The brand's live chat, customer-service entries and community links. */
    getSiteLinks: (brand: Pick<BrandRow, 'id'>) => readSiteLinks(context, brand),
    /** Replaces the brand's live chat, customer-service entries and community links; audited. */
    updateSiteLinks: (actor: AuditActor, brand: Pick<BrandRow, 'merchantCode'>, links: SiteLinks) =>
      updateSiteLinks(context, actor, brand, links),
    /** Every brand and the currencies a new one may use; only from the platform's own brand. */
    listBrands: (requestBrand: Pick<BrandRow, 'merchantCode'>) => listBrands(context, requestBrand),
    /** A new brand with its defaults, preset roles and its creator as admin; only from the platform's brand. */
    createBrand: (
      actor: AuditActor & { type: 'staff' },
      requestBrand: Pick<BrandRow, 'merchantCode'>,
      input: BrandCreateRequest,
    ) => createBrand(context, actor, requestBrand, input),
  };
};

export type SiteService = ReturnType<typeof createSiteService>;
