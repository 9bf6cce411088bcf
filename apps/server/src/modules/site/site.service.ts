import { encryptTransportText } from '@wps/contracts/transport-cipher';
import { LRUCache } from 'lru-cache';
import {
  type LanguageCode,
  languageCodes,
  type Permission,
  type RegisterFieldRule,
  registerFields,
  type RegisterSetting,
  type Resource,
  resourceTypes,
  type SystemStatus,
  SystemStatusValue,
  type WhitelabelFlag,
  whitelabelFlagGroup,
  type WhitelabelNode,
  isWhitelabelEnabled,
} from '@wps/contracts/site';
import type { DeliverySettings, SiteSettingsPatch } from '@wps/contracts/site-admin';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import { recordAuditEvent, type AuditActor } from '../audit/audit.service';
import { lookupCountry } from './geo-location';
import * as repository from './site.repository';
import type { BrandRow } from './site.repository';

export type BrandContext = {
  brand: BrandRow;
  register: RegisterSetting;
  isEnabled: (flag: WhitelabelFlag) => boolean;
};

/** Region restriction wins over maintenance: a blocked visitor may not use the site even once it reopens. */
export const decideSystemStatus = (brand: BrandRow, countryCode: string | null): SystemStatus => {
  if (countryCode !== null && brand.blockedCountries.includes(countryCode)) {
    return SystemStatusValue.regionRestricted;
  }
  return brand.status === SystemStatusValue.maintenance
    ? SystemStatusValue.maintenance
    : SystemStatusValue.normal;
};

export const buildWhitelabelTree = (
  rows: ReadonlyArray<{ modId: string; parentModId: string | null; isEnabled: boolean }>,
): WhitelabelNode[] => {
  const childrenOf = (parent: string | null): WhitelabelNode[] =>
    rows
      .filter((row) => row.parentModId === parent)
      .map((row) => ({
        modId: row.modId,
        enabled: row.isEnabled ? '1' : '0',
        children: childrenOf(row.modId),
      }));
  return childrenOf(null);
};

const disabledRule: RegisterFieldRule = {
  enabled: false,
  required: false,
  acceptedPattern: '*',
  patternId: null,
  minLength: 0,
  maxLength: 0,
};

const isLanguageCode = (value: string): value is LanguageCode =>
  (languageCodes as readonly string[]).includes(value);
const isResourceType = (value: string): value is Resource['resourceType'] =>
  (resourceTypes as readonly string[]).includes(value);

const hostName = (host: string): string => host.replace(/:\d+$/, '').toLowerCase();

/** How long a brand's configuration is served from memory; operator changes on this instance clear it at once. */
const snapshotTtlMs = 5_000;

export const createSiteService = ({ db, defaultMerchant }: { db: Database; defaultMerchant: string }) => {
  /** The merchant header wins, then the host name, then the platform's default brand. */
  const findBrand = async ({ merchantCode, host }: Pick<VisitorContext, 'merchantCode' | 'host'>) => {
    const brand = merchantCode
      ? await repository.findBrandByMerchantCode(db, merchantCode)
      : ((await repository.findBrandByDomain(db, hostName(host))) ??
        (await repository.findBrandByMerchantCode(db, defaultMerchant)));
    if (!brand) throw new AppError('BRAND_NOT_FOUND');
    return brand;
  };

  const getWhitelabelTree = async (brandId: bigint) =>
    buildWhitelabelTree(await repository.listWhitelabelModules(db, brandId));

  const getRegisterSetting = async (brand: BrandRow): Promise<RegisterSetting> => {
    const rows = await repository.listRegisterFields(db, brand.id);
    const fields = Object.fromEntries(
      registerFields.map((field) => {
        const row = rows.find((candidate) => candidate.field === field);
        const rule: RegisterFieldRule = row
          ? {
              enabled: row.isEnabled,
              required: row.isRequired,
              acceptedPattern: row.acceptedPattern,
              patternId: row.patternId,
              minLength: row.minLength,
              maxLength: row.maxLength,
            }
          : disabledRule;
        return [field, rule];
      }),
    ) as RegisterSetting['fields'];
    return { fields, minimumAge: brand.minimumAge };
  };

  /** Everything of a brand that is the same for every visitor: read once, shared by all the site calls. */
  const loadSnapshot = async (visitor: VisitorContext) => {
    const brand = await findBrand(visitor);
    const [customerServices, domainRoute, resources, whitelabel, register] = await Promise.all([
      repository.listCustomerServices(db, brand.id),
      repository.listDomains(db, brand.id, 0),
      repository.listResources(db, brand.id),
      getWhitelabelTree(brand.id),
      getRegisterSetting(brand),
    ]);
    const customerService = await Promise.all(
      customerServices.map(async (entry) => ({
        title: entry.title,
        csType: entry.csType,
        path: await encryptTransportText(brand.merchantCode, entry.path),
      })),
    );
    return {
      brand,
      customerService,
      domainRoute,
      resources: resources.flatMap((resource) =>
        isResourceType(resource.resourceType)
          ? [{ resourceType: resource.resourceType, url: resource.url, labelNameEn: resource.labelNameEn }]
          : [],
      ),
      whitelabel,
      register,
    };
  };
  type Snapshot = Awaited<ReturnType<typeof loadSnapshot>>;

  const snapshots = new LRUCache<string, Snapshot, VisitorContext>({
    max: 1_000,
    ttl: snapshotTtlMs,
    fetchMethod: (_key, _stale, { context }) => loadSnapshot(context),
  });
  const getSnapshot = async (visitor: VisitorContext): Promise<Snapshot> => {
    const key = visitor.merchantCode ? `merchant:${visitor.merchantCode}` : `host:${hostName(visitor.host)}`;
    const snapshot = await snapshots.fetch(key, { context: visitor });
    if (!snapshot) throw new AppError('BRAND_NOT_FOUND');
    return snapshot;
  };

  return {
    resolveBrand: async (visitor: VisitorContext) => (await getSnapshot(visitor)).brand,

    /** The brand an operator's or a job's call names by merchant code, read afresh; undefined when unknown. */
    findBrandByMerchantCode: (merchantCode: string): Promise<BrandRow | undefined> =>
      repository.findBrandByMerchantCode(db, merchantCode),

    /** Every brand's id and time zone, by id (jobs that act for every brand on its own clock). */
    listBrandTimeZones: (): Promise<Array<{ id: bigint; timeZone: string }>> =>
      repository.listBrandTimeZones(db),

    /** The brand with its whitelabel flags and register rules, for the domains that act on a visitor's behalf. */
    getBrandContext: async (visitor: VisitorContext): Promise<BrandContext> => {
      const snapshot = await getSnapshot(visitor);
      return {
        brand: snapshot.brand,
        register: snapshot.register,
        isEnabled: (flag) => isWhitelabelEnabled(snapshot.whitelabel, flag),
      };
    },

    getSystemStatus: async (visitor: VisitorContext): Promise<SystemStatus> =>
      decideSystemStatus((await getSnapshot(visitor)).brand, lookupCountry(visitor.ip)),

    getWhitelabel: async (visitor: VisitorContext) => (await getSnapshot(visitor)).whitelabel,

    getRegisterSetting: async (visitor: VisitorContext) => (await getSnapshot(visitor)).register,

    /** Where the brand's live chat opens (CBS_launchChat); null when it has none. */
    getLiveChatUrl: async (visitor: VisitorContext): Promise<string | null> =>
      (await getSnapshot(visitor)).brand.liveChatUrl,

    getDomainRoutes: async (visitor: VisitorContext, device: number) => {
      const snapshot = await getSnapshot(visitor);
      return {
        domainList:
          device === 0 ? snapshot.domainRoute : await repository.listDomains(db, snapshot.brand.id, device),
      };
    },

    getPermission: async (visitor: VisitorContext): Promise<Permission> => {
      const { brand, customerService, domainRoute, resources, whitelabel, register } =
        await getSnapshot(visitor);
      const countryCode = lookupCountry(visitor.ip);
      const status = decideSystemStatus(brand, countryCode);
      return {
        merchantCode: brand.merchantCode,
        siteName: brand.siteName,
        status,
        info: {
          customerService,
          domainRoute,
          resources,
          whitelabel,
          register,
          mainDomain: brand.mainDomain,
          analytics: { gtagId: brand.gtagId },
          imageCDNs: brand.imageCdns,
          launchGameCDNs: brand.launchGameCdns,
          currency: brand.currency,
          currencySymbol: brand.currencySymbol,
          languages: {
            supported: brand.supportedLanguages.filter(isLanguageCode),
            default: isLanguageCode(brand.defaultLanguage) ? brand.defaultLanguage : 'EN',
          },
        },
        location: { ip: visitor.ip, countryCode },
        maintenance: {
          enabled: brand.status === SystemStatusValue.maintenance,
          endTime: brand.maintenanceEndsAt?.toISOString() ?? null,
        },
        regionRestriction: { restricted: status === SystemStatusValue.regionRestricted },
      };
    },

    /** A brand's wallet currency, for calls that arrive without a visitor (vendor wallet callbacks). */
    getBrandCurrency: async (brandId: bigint): Promise<string | undefined> =>
      (await repository.findBrandById(db, brandId))?.currency,

    /** Read afresh, not from the snapshot: the operator sees a change made on another instance at once. */
    getSiteSettings: async ({ id }: Pick<BrandRow, 'id'>) => {
      const brand = await repository.findBrandById(db, id);
      if (!brand) throw new AppError('BRAND_NOT_FOUND');
      return toSiteSettings(brand, await getWhitelabelTree(brand.id));
    },

    /** An operator's change to a brand's settings, audited with the values before and after. */
    updateSiteSettings: async (
      actor: AuditActor,
      { merchantCode }: Pick<BrandRow, 'merchantCode'>,
      patch: SiteSettingsPatch,
    ) => {
      const settings = await db.transaction(async (tx) => {
        const before = await repository.lockBrand(tx, merchantCode);
        if (!before) throw new AppError('BRAND_NOT_FOUND');
        const beforeSettings = toSiteSettings(
          before,
          buildWhitelabelTree(await repository.listWhitelabelModules(tx, before.id)),
        );
        const after =
          (await repository.updateBrand(tx, before.id, {
            status: patch.status,
            maintenanceEndsAt:
              patch.maintenanceEndTime === undefined
                ? undefined
                : patch.maintenanceEndTime === null
                  ? null
                  : new Date(patch.maintenanceEndTime),
            blockedCountries: patch.blockedCountries,
            requireEncryptedBodies: patch.requireEncryptedBodies,
            feedbackMinWords: patch.feedbackWords?.min,
            feedbackMaxWords: patch.feedbackWords?.max,
            liveChatUrl: patch.liveChatUrl,
          })) ?? before;
        for (const [flag, isEnabled] of Object.entries(patch.flags ?? {})) {
          await repository.setWhitelabelModule(tx, before.id, flag, isEnabled);
        }
        const afterSettings = toSiteSettings(
          after,
          buildWhitelabelTree(await repository.listWhitelabelModules(tx, before.id)),
        );
        await recordAuditEvent(tx, {
          actor,
          action: 'site.settings.update',
          entityType: 'brand',
          entityId: merchantCode,
          before: beforeSettings,
          after: afterSettings,
        });
        return afterSettings;
      });
      // Cleared after the commit, so no concurrent read can cache the values from before it.
      snapshots.clear();
      return settings;
    },

    /** Sets where the brand's SMS and email go; audited without secrets. */
    updateDeliverySettings: async (
      actor: AuditActor,
      { merchantCode }: Pick<BrandRow, 'merchantCode'>,
      settings: DeliverySettings,
    ) => {
      const described = await db.transaction(async (tx) => {
        const before = await repository.lockBrand(tx, merchantCode);
        if (!before) throw new AppError('BRAND_NOT_FOUND');
        const after =
          (await repository.updateBrand(tx, before.id, {
            smsProvider: settings.smsGateway,
            smtpSettings: settings.smtp,
          })) ?? before;
        await recordAuditEvent(tx, {
          actor,
          action: 'site.delivery.update',
          entityType: 'brand',
          entityId: merchantCode,
          before: describeDelivery(before),
          after: describeDelivery(after),
        });
        return describeDelivery(after);
      });
      snapshots.clear();
      return described;
    },
  };
};

/** What the audit and the operator see of delivery settings: where messages go, never the secrets. */
const describeDelivery = (brand: Pick<BrandRow, 'smsProvider' | 'smtpSettings'>) => ({
  smsGateway: brand.smsProvider ? brand.smsProvider.url : null,
  smtp: brand.smtpSettings ? `${brand.smtpSettings.host}:${String(brand.smtpSettings.port)}` : null,
});

const flagStates = (tree: WhitelabelNode[]): Record<WhitelabelFlag, boolean> =>
  Object.fromEntries(
    (Object.keys(whitelabelFlagGroup) as WhitelabelFlag[]).map((flag) => [
      flag,
      tree.some((group) => group.children.some((node) => node.modId === flag && node.enabled === '1')),
    ]),
  ) as Record<WhitelabelFlag, boolean>;

const toSiteSettings = (brand: BrandRow, tree: WhitelabelNode[]) => ({
  merchantCode: brand.merchantCode,
  siteName: brand.siteName,
  status:
    brand.status === SystemStatusValue.maintenance ? SystemStatusValue.maintenance : SystemStatusValue.normal,
  maintenanceEndTime: brand.maintenanceEndsAt?.toISOString() ?? null,
  blockedCountries: brand.blockedCountries,
  flags: flagStates(tree),
  requireEncryptedBodies: brand.requireEncryptedBodies,
  feedbackWords: { min: brand.feedbackMinWords, max: brand.feedbackMaxWords },
  liveChatUrl: brand.liveChatUrl,
});

export type SiteService = ReturnType<typeof createSiteService>;
