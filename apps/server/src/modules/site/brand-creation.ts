import type { BrandCreateRequest, BrandSummary } from '@wps/contracts/site-admin';
import { isDatabaseError, uniqueViolation } from '../../db/database-errors';
import { AppError } from '../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import { insertBrandDefaults } from './brand-defaults';
import type { SiteContext } from './site-context';
import { domainNameIndex, refuseDomainsOfOtherBrands } from './site-domains';
import * as repository from './site.repository';
import type { BrandRow } from './site.repository';

const toBrandSummary = (brand: BrandRow): BrandSummary => ({
  merchantCode: brand.merchantCode,
  siteName: brand.siteName,
  mainDomain: brand.mainDomain,
  currency: brand.currency,
  timeZone: brand.timeZone,
  defaultLanguage: brand.defaultLanguage,
  createdAt: brand.createdAt.toISOString(),
});

/**
 * Brands are the platform's to create: only from the console of its own brand (the default merchant), so the
 * admin of a white label, whose role may hold brands.create as every admin preset does, cannot make more.
 */
const refuseOutsidePlatformBrand = (
  { defaultMerchant }: Pick<SiteContext, 'defaultMerchant'>,
  requestBrand: Pick<BrandRow, 'merchantCode'>,
): void => {
  if (requestBrand.merchantCode !== defaultMerchant) {
    throw new AppError('FORBIDDEN', { message: "Brands are created from the platform's own console." });
  }
};

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { issues: [{ field, message }] });

/** The currency's symbol as the site shows amounts (narrow: "$", "₱"); its code when the runtime has none. */
const currencySymbolOf = (currency: string): string =>
  new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? currency;

/** Every brand, and the currencies a new one may use (the ledger's); for the platform's console only. */
export const listBrands = async (
  context: Pick<SiteContext, 'db' | 'defaultMerchant'>,
  requestBrand: Pick<BrandRow, 'merchantCode'>,
): Promise<{ list: BrandSummary[]; currencies: string[] }> => {
  refuseOutsidePlatformBrand(context, requestBrand);
  const [brands, currencies] = await Promise.all([
    repository.listBrands(context.db),
    repository.listCurrencyCodes(context.db),
  ]);
  return { list: brands.map(toBrandSummary), currencies };
};

/** A merchant code or host name another brand took between the checks and the insert. */
const asTaken = (error: unknown): never => {
  if (isDatabaseError(error, uniqueViolation, domainNameIndex)) {
    throw invalid('domain', 'This domain already belongs to another brand.');
  }
  if (isDatabaseError(error, uniqueViolation)) throw invalid('merchantCode', 'Another brand has this code.');
  throw error;
};

/**
 * A new brand (white label) with what every brand starts with: its settings (the operator's choices, the
 * rest at their defaults: open, no region blocks, development outbox for SMS and email), its domain, the
 * whitelabel tree and registration rules, and its preset staff roles, with its creator as its admin (roles
 * are per brand: without one nobody could run it). Its banners, help, promotions, payment channels and VIP
 * levels are its operators' to add. One transaction; audited.
 */
export const createBrand = async (
  context: Pick<SiteContext, 'db' | 'defaultMerchant' | 'snapshots' | 'staffRoles'>,
  actor: AuditActor & { type: 'staff' },
  requestBrand: Pick<BrandRow, 'merchantCode'>,
  input: BrandCreateRequest,
): Promise<BrandSummary> => {
  const { db, snapshots, staffRoles } = context;
  if (!staffRoles) throw new Error('creating a brand needs the staff roles (the site module gives them)');
  refuseOutsidePlatformBrand(context, requestBrand);
  if (!(await repository.listCurrencyCodes(db)).includes(input.currency)) {
    throw invalid('currency', 'The platform has no such currency.');
  }
  const created = await db
    .transaction(async (tx) => {
      if (await repository.findBrandByMerchantCode(tx, input.merchantCode)) {
        throw invalid('merchantCode', 'Another brand has this code.');
      }
      await refuseDomainsOfOtherBrands(tx, null, [input.domain], 'domain');
      const brand = await repository.insertBrand(tx, {
        merchantCode: input.merchantCode,
        siteName: input.siteName,
        mainDomain: input.domain,
        currency: input.currency,
        currencySymbol: currencySymbolOf(input.currency),
        timeZone: input.timeZone,
        supportedLanguages: [input.language],
        defaultLanguage: input.language,
      });
      await repository.replaceDomains(tx, brand.id, [{ domainName: input.domain, device: 0 }]);
      await insertBrandDefaults(tx, brand.id);
      await staffRoles.installPresetRoles(brand.id, tx);
      await staffRoles.assignPresetRole(
        { staffId: BigInt(actor.id), brandId: brand.id, presetKey: 'admin' },
        tx,
      );
      const summary = toBrandSummary(brand);
      await recordAuditEvent(tx, {
        actor,
        action: 'site.brand.create',
        entityType: 'brand',
        entityId: brand.merchantCode,
        after: summary,
      });
      return summary;
    })
    .catch(asTaken);
  // A snapshot may hold the new domain as the default brand's (an unknown host falls back to it).
  snapshots.clear();
  return created;
};
