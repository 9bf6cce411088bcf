import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/database';
import { amlDefaults } from './aml-defaults';
import { amlSettings } from './aml.tables';

/** A brand's thresholds in minor units of its currency (`isDefault`: it saved none of its own). */
export type BrandRules = {
  brandId: bigint;
  currency: string;
  isDefault: boolean;
  largeDeposit: bigint;
  largeWithdrawal: bigint;
  littlePlayPercent: number;
  sharedAccountsMin: number;
  transferWindowMinutes: number;
  transferCountMin: number;
  transferAmountMin: bigint;
};

const scaledDefault = (units: bigint) =>
  sql`(${units.toString()}::numeric * power(10::numeric, c.exponent))::int8`;

/**
 * Every brand's thresholds as rows (brand_id, currency, is_default, large_deposit, large_withdrawal,
 * little_play_percent, shared_accounts_min, transfer_window_minutes, transfer_count_min, transfer_amount_min): its
 * own, else the defaults scaled by its currency's exponent. For the fold's statements to join on.
 */
export const brandRulesSql = sql`select br.id as brand_id, br.currency, s.brand_id is null as is_default,
    coalesce(s.large_deposit, ${scaledDefault(amlDefaults.largeDepositUnits)}) as large_deposit,
    coalesce(s.large_withdrawal, ${scaledDefault(amlDefaults.largeWithdrawalUnits)}) as large_withdrawal,
    coalesce(s.little_play_percent, ${amlDefaults.littlePlayPercent}::int4) as little_play_percent,
    coalesce(s.shared_accounts_min, ${amlDefaults.sharedAccountsMin}::int4) as shared_accounts_min,
    coalesce(s.transfer_window_minutes, ${amlDefaults.transferWindowMinutes}::int4) as transfer_window_minutes,
    coalesce(s.transfer_count_min, ${amlDefaults.transferCountMin}::int4) as transfer_count_min,
    coalesce(s.transfer_amount_min, ${scaledDefault(amlDefaults.transferAmountUnits)}) as transfer_amount_min
  from site_brands br
  join wallet_currencies c on c.code = br.currency
  left join aml_settings s on s.brand_id = br.id`;

type BrandRulesRow = {
  brand_id: string | bigint;
  currency: string;
  is_default: boolean;
  large_deposit: string | bigint;
  large_withdrawal: string | bigint;
  little_play_percent: number;
  shared_accounts_min: number;
  transfer_window_minutes: number;
  transfer_count_min: number;
  transfer_amount_min: string | bigint;
};

export const findBrandRules = async (
  executor: Executor,
  brandId: bigint,
): Promise<BrandRules | undefined> => {
  const [row] = await selectRows<BrandRulesRow>(
    executor,
    sql`select * from (${brandRulesSql}) rules where rules.brand_id = ${brandId}`,
  );
  if (!row) return undefined;
  return {
    brandId: BigInt(row.brand_id),
    currency: row.currency,
    isDefault: row.is_default,
    largeDeposit: BigInt(row.large_deposit),
    largeWithdrawal: BigInt(row.large_withdrawal),
    littlePlayPercent: row.little_play_percent,
    sharedAccountsMin: row.shared_accounts_min,
    transferWindowMinutes: row.transfer_window_minutes,
    transferCountMin: row.transfer_count_min,
    transferAmountMin: BigInt(row.transfer_amount_min),
  };
};

export type SettingsValues = Omit<BrandRules, 'brandId' | 'currency' | 'isDefault'>;

export const writeSettings = async (
  executor: Executor,
  brandId: bigint,
  values: SettingsValues,
): Promise<void> => {
  const row = { ...values, updatedAt: new Date() };
  await executor
    .insert(amlSettings)
    .values({ brandId, ...row })
    .onConflictDoUpdate({ target: amlSettings.brandId, set: row });
};
