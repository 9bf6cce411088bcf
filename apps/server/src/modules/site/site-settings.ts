import { brandLogoPath } from '@wps/contracts/brand-look';
import { isLanguageCode, SystemStatusValue, type WhitelabelNode } from '@wps/contracts/site';
import type { SiteSettingsPatch } from '@wps/contracts/site-admin';
import type { Transaction } from '../../db/database';
import { AppError } from '../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import type { SiteContext } from './site-context';
import * as repository from './site.repository';
import type { BrandRow } from './site.repository';
import { flagStates, readWhitelabelTree } from './whitelabel-tree';

/** What the operator sees and changes of a brand's site. */
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
  minimumAge: brand.minimumAge,
  palette: brand.palette ?? null,
  fonts: brand.fonts,
  logoUrl: brand.logoUploadId === null ? null : brandLogoPath(brand.logoUploadId),
  languages: {
    supported: brand.supportedLanguages.filter(isLanguageCode),
    default: isLanguageCode(brand.defaultLanguage) ? brand.defaultLanguage : 'EN',
  },
});

export type SiteSettings = ReturnType<typeof toSiteSettings>;

/** Read afresh, not from the snapshot: the operator sees a change made on another instance at once. */
export const readSiteSettings = async (
  { db }: Pick<SiteContext, 'db'>,
  { id }: Pick<BrandRow, 'id'>,
): Promise<SiteSettings> => {
  const brand = await repository.findBrandById(db, id);
  if (!brand) throw new AppError('BRAND_NOT_FOUND');
  return toSiteSettings(brand, await readWhitelabelTree(db, brand.id));
};

/** An operator's patch, or the logo the brand logos' route stored (never part of the patch a request sends). */
type SettingsChange = SiteSettingsPatch & { logoUploadId?: string | null };

/** Writes the patch to the locked brand row and its whitelabel flags; answers the brand after it. */
const applySettingsPatch = async (
  tx: Transaction,
  before: BrandRow,
  patch: SettingsChange,
): Promise<BrandRow> => {
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
      minimumAge: patch.minimumAge,
      supportedLanguages: patch.languages?.supported,
      defaultLanguage: patch.languages?.default,
      palette: patch.palette,
      fonts: patch.fonts,
      logoUploadId: patch.logoUploadId,
    })) ?? before;
  for (const [flag, isEnabled] of Object.entries(patch.flags ?? {})) {
    await repository.setWhitelabelModule(tx, before.id, flag, isEnabled);
  }
  return after;
};

/** An operator's change to a brand's settings, audited with the values before and after. */
export const updateSiteSettings = async (
  { db, snapshots }: Pick<SiteContext, 'db' | 'snapshots'>,
  actor: AuditActor,
  { merchantCode }: Pick<BrandRow, 'merchantCode'>,
  patch: SettingsChange,
): Promise<SiteSettings> => {
  const settings = await db.transaction(async (tx) => {
    const before = await repository.lockBrand(tx, merchantCode);
    if (!before) throw new AppError('BRAND_NOT_FOUND');
    const beforeSettings = toSiteSettings(before, await readWhitelabelTree(tx, before.id));
    const after = await applySettingsPatch(tx, before, patch);
    const afterSettings = toSiteSettings(after, await readWhitelabelTree(tx, before.id));
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
};
