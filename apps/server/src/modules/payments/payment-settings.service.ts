import type { paymentSettingsSchema, updatePaymentSettingsRequestSchema } from '@wps/contracts/payments';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { recordAuditEvent, type AuditActor } from '../audit/audit.service';
import type { WalletService } from '../wallet/wallet.service';
import * as repository from './payment-settings.repository';
import type { PaymentSettingsValues } from './payment-settings.repository';

export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;
export type UpdatePaymentSettingsRequest = z.infer<typeof updatePaymentSettingsRequestSchema>;
/** What the payment domains need of a brand (a structural slice of the site's brand row). */
export type PaymentBrand = { id: bigint; currency: string; currencySymbol: string; timeZone: string };
/** A brand's withdrawal rules in minor units of its currency. */
export type WithdrawalLimits = PaymentSettingsValues;

/**
 * The rules a brand has until an operator saves its own, as whole amounts of the brand's currency, so they
 * mean the same in a currency with cents and in one without.
 */
export const defaultWithdrawalSettings = {
  withdrawalMin: '10',
  withdrawalMax: '50000',
  withdrawalDailyMaxAmount: '100000',
  withdrawalDailyMaxCount: 5,
  confirmationMinutes: 60,
} as const;

/** The defaults in minor units; `toMinorUnits` turns a decimal of the brand's currency into them. */
export const defaultWithdrawalLimits = async (
  toMinorUnits: (decimal: string) => bigint | Promise<bigint>,
): Promise<WithdrawalLimits> => ({
  withdrawalMin: await toMinorUnits(defaultWithdrawalSettings.withdrawalMin),
  withdrawalMax: await toMinorUnits(defaultWithdrawalSettings.withdrawalMax),
  withdrawalDailyMaxAmount: await toMinorUnits(defaultWithdrawalSettings.withdrawalDailyMaxAmount),
  withdrawalDailyMaxCount: defaultWithdrawalSettings.withdrawalDailyMaxCount,
  confirmationMinutes: defaultWithdrawalSettings.confirmationMinutes,
});

/** A brand's withdrawal limits and confirmation window, read by withdrawals and set by operators. */
export const createPaymentSettingsService = ({ db, wallet }: { db: Database; wallet: WalletService }) => {
  const limits = async (brand: PaymentBrand, executor: Executor = db): Promise<WithdrawalLimits> => {
    const row = await repository.findSettings(executor, brand.id);
    if (row) return row;
    return defaultWithdrawalLimits((decimal) => wallet.parseAmount(decimal, brand.currency));
  };

  const describe = async (brand: PaymentBrand, values: WithdrawalLimits): Promise<PaymentSettings> => ({
    currency: brand.currency,
    withdrawalMin: await wallet.formatAmount(values.withdrawalMin, brand.currency),
    withdrawalMax: await wallet.formatAmount(values.withdrawalMax, brand.currency),
    withdrawalDailyMaxAmount: await wallet.formatAmount(values.withdrawalDailyMaxAmount, brand.currency),
    withdrawalDailyMaxCount: values.withdrawalDailyMaxCount,
    confirmationMinutes: values.confirmationMinutes,
  });

  const parse = async (brand: PaymentBrand, request: UpdatePaymentSettingsRequest) => {
    const values: WithdrawalLimits = {
      withdrawalMin: await wallet.parseAmount(request.withdrawalMin, brand.currency, 'withdrawalMin'),
      withdrawalMax: await wallet.parseAmount(request.withdrawalMax, brand.currency, 'withdrawalMax'),
      withdrawalDailyMaxAmount: await wallet.parseAmount(
        request.withdrawalDailyMaxAmount,
        brand.currency,
        'withdrawalDailyMaxAmount',
      ),
      withdrawalDailyMaxCount: request.withdrawalDailyMaxCount,
      confirmationMinutes: request.confirmationMinutes,
    };
    if (values.withdrawalMin > values.withdrawalMax) {
      const message = 'The minimum must not be above the maximum';
      throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'withdrawalMin', message }] });
    }
    return values;
  };

  return {
    limits,
    get: async (brand: PaymentBrand): Promise<PaymentSettings> => describe(brand, await limits(brand)),

    /** An operator's change, audited with the rules before and after in the same transaction. */
    update: async (
      actor: AuditActor,
      brand: PaymentBrand,
      request: UpdatePaymentSettingsRequest,
    ): Promise<PaymentSettings> => {
      const values = await parse(brand, request);
      const after = await describe(brand, values);
      await db.transaction(async (tx) => {
        // The lock orders two operators saving at once, so each audit row's "before" is what it replaced.
        const current = await repository.findSettings(tx, brand.id, { lock: true });
        const before = await describe(brand, current ?? (await limits(brand, tx)));
        await repository.upsertSettings(tx, brand.id, values);
        await recordAuditEvent(tx, {
          actor,
          action: 'payments.settings.update',
          entityType: 'brand_payment_settings',
          entityId: brand.id.toString(),
          before,
          after,
        });
      });
      return after;
    },
  };
};

export type PaymentSettingsService = ReturnType<typeof createPaymentSettingsService>;
