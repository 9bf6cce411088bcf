import { toMinorUnits } from '@wps/contracts/money';
import type { Database } from '../../db/database';
import { createLedgerService } from '../wallet/ledger.service';
import { insertSettingsIfAbsent } from './payment-settings.repository';
import { defaultWithdrawalLimits } from './payment-settings.service';

/**
 * Idempotent: the demo brand's withdrawal rules as a row an operator can see and change (the defaults);
 * a row already there, perhaps changed by an operator, is left alone.
 */
export const seedPaymentSettingsDemo = async (
  db: Database,
  brand: { id: bigint; currency?: string },
): Promise<void> => {
  // The demo brand is in USD, like its deposit channels.
  const exponent = await createLedgerService({ db }).getCurrencyExponent(brand.currency ?? 'USD');
  const limits = await defaultWithdrawalLimits((decimal) => toMinorUnits(decimal, exponent));
  await insertSettingsIfAbsent(db, brand.id, limits);
};
