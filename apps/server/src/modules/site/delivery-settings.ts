import type { DeliverySettings } from '@wps/contracts/site-admin';
import { AppError } from '../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import type { SiteContext } from './site-context';
import * as repository from './site.repository';
import type { BrandRow } from './site.repository';

/** What the audit and the operator see of delivery settings: where messages go, never the secrets. */
const describeDelivery = (brand: Pick<BrandRow, 'smsProvider' | 'smtpSettings'>) => ({
  smsGateway: brand.smsProvider ? brand.smsProvider.url : null,
  smtp: brand.smtpSettings ? `${brand.smtpSettings.host}:${String(brand.smtpSettings.port)}` : null,
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
};
