import type { DeliverySettings, DeliverySettingsView } from '@wps/contracts/site-admin';
import { AppError } from '../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import type { SiteContext } from './site-context';
import * as repository from './site.repository';
import type { BrandRow } from './site.repository';

type DeliveryColumns = Pick<BrandRow, 'smsProvider' | 'smtpSettings'>;

/** What the audit and the operator see of delivery settings: where messages go, never the secrets. */
const describeDelivery = (brand: DeliveryColumns) => ({
  smsGateway: brand.smsProvider ? brand.smsProvider.url : null,
  smtp: brand.smtpSettings ? `${brand.smtpSettings.host}:${String(brand.smtpSettings.port)}` : null,
});

/** The delivery settings for the operator's form: everything but the secrets, which show only as set or not. */
const toDeliveryView = ({ smsProvider, smtpSettings }: DeliveryColumns): DeliverySettingsView => ({
  smsGateway: smsProvider
    ? { url: smsProvider.url, sender: smsProvider.sender, hasApiKey: smsProvider.apiKey !== '' }
    : null,
  smtp: smtpSettings
    ? {
        host: smtpSettings.host,
        port: smtpSettings.port,
        secure: smtpSettings.secure,
        user: smtpSettings.user,
        from: smtpSettings.from,
        hasPassword: smtpSettings.password !== null,
      }
    : null,
});

/** Read afresh, as the settings are: the operator sees a change made on another instance at once. */
export const readDeliverySettings = async (
  { db }: Pick<SiteContext, 'db'>,
  { id }: Pick<BrandRow, 'id'>,
): Promise<DeliverySettingsView> => {
  const brand = await repository.findBrandById(db, id);
  if (!brand) throw new AppError('BRAND_NOT_FOUND');
  return toDeliveryView(brand);
};

const secretRequired = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { issues: [{ field, message }] });

/**
 * The gateway to store. One sent without its key keeps the stored key, but only while it points where it did:
 * the key is never sent to an address it was not typed for.
 */
const smsProviderOf = (
  { smsProvider: stored }: DeliveryColumns,
  gateway: DeliverySettings['smsGateway'],
): DeliveryColumns['smsProvider'] => {
  if (!gateway) return null;
  const apiKey = gateway.apiKey ?? (stored?.url === gateway.url ? stored.apiKey : undefined);
  if (apiKey === undefined) {
    throw secretRequired('smsGateway.apiKey', 'Type the API key: the gateway is new or its address changed.');
  }
  return { url: gateway.url, sender: gateway.sender, apiKey };
};

/** The SMTP server to store; a password left out is kept on the same terms as the gateway's key. */
const smtpSettingsOf = (
  { smtpSettings: stored }: DeliveryColumns,
  smtp: DeliverySettings['smtp'],
): DeliveryColumns['smtpSettings'] => {
  if (!smtp) return null;
  const isSameServer = stored?.host === smtp.host && stored.port === smtp.port && stored.user === smtp.user;
  if (smtp.password !== undefined) return { ...smtp, password: smtp.password };
  if (!isSameServer) {
    throw secretRequired('smtp.password', 'Type the password (or none): the server or user changed.');
  }
  return { ...smtp, password: stored.password };
};

/** The settings to store: a secret the request leaves out is the stored one (never shown, so never re-typed). */
const withStoredSecrets = (before: DeliveryColumns, settings: DeliverySettings): DeliveryColumns => ({
  smsProvider: smsProviderOf(before, settings.smsGateway),
  smtpSettings: smtpSettingsOf(before, settings.smtp),
});

/** Sets where the brand's SMS and email go; audited without secrets. */
export const updateDeliverySettings = async (
  { db, snapshots }: Pick<SiteContext, 'db' | 'snapshots'>,
  actor: AuditActor,
  { merchantCode }: Pick<BrandRow, 'merchantCode'>,
  settings: DeliverySettings,
): Promise<ReturnType<typeof describeDelivery>> => {
  const described = await db.transaction(async (tx) => {
    const before = await repository.lockBrand(tx, merchantCode);
    if (!before) throw new AppError('BRAND_NOT_FOUND');
    const after =
      (await repository.updateBrand(tx, before.id, withStoredSecrets(before, settings))) ?? before;
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
};
