import type { Database } from '../../db/database';
import { seedDepositChannelsDemo } from './channels.seed';
import { seedPaymentSettingsDemo } from './payment-settings.seed';

/** The demo brand's payments: its deposit channels and its withdrawal settings (the defaults). */
export const seedPaymentsDemo = async (db: Database, brand: { id: bigint }): Promise<void> => {
  await seedDepositChannelsDemo(db, brand);
  await seedPaymentSettingsDemo(db, brand);
};
