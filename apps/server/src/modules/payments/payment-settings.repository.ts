import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { brandPaymentSettings } from './payments.tables';

export type PaymentSettingsRow = typeof brandPaymentSettings.$inferSelect;
export type PaymentSettingsValues = Omit<PaymentSettingsRow, 'brandId' | 'updatedAt'>;

export const findSettings = async (executor: Executor, brandId: bigint, { lock = false } = {}) => {
  const query = executor.select().from(brandPaymentSettings).where(eq(brandPaymentSettings.brandId, brandId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

export const upsertSettings = async (executor: Executor, brandId: bigint, values: PaymentSettingsValues) => {
  const row = { ...values, updatedAt: new Date() };
  await executor
    .insert(brandPaymentSettings)
    .values({ brandId, ...row })
    .onConflictDoUpdate({ target: brandPaymentSettings.brandId, set: row });
};

/** Leaves an operator's saved settings alone: for the idempotent demo seed. */
export const insertSettingsIfAbsent = async (
  executor: Executor,
  brandId: bigint,
  values: PaymentSettingsValues,
) => {
  await executor
    .insert(brandPaymentSettings)
    .values({ brandId, ...values })
    .onConflictDoNothing();
};
