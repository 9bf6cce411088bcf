import type { KycSettings, KycSettingsBody } from '@wps/contracts/kyc';
import type { RequirableKycTier } from '@wps/contracts/kyc-rules';
import type { Executor } from '../../db/database';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import * as repository from './kyc.repository';
import type { KycSettingsValues } from './kyc.repository';
import type { KycBrand, KycDependencies } from './kyc-types';

/**
 * A brand that saved no rule of its own: both thresholds off (no withdrawal waits), and identity (basic) as the
 * tier required once an operator sets a threshold.
 */
export const defaultKycSettings: KycSettingsValues = {
  requiredTier: 'basic',
  singleThreshold: null,
  cumulativeThreshold: null,
};

/** The brand's rule in minor units, and whether it is the default. */
export const readKycRule = async (
  executor: Executor,
  brandId: bigint,
): Promise<KycSettingsValues & { isDefault: boolean }> => {
  const row = await repository.findSettings(executor, brandId);
  if (!row) return { ...defaultKycSettings, isDefault: true };
  return {
    requiredTier: row.requiredTier,
    singleThreshold: row.singleThreshold,
    cumulativeThreshold: row.cumulativeThreshold,
    isDefault: false,
  };
};

export const describeKycSettings = async (
  { db, wallet }: Pick<KycDependencies, 'db' | 'wallet'>,
  brand: KycBrand,
  executor: Executor = db,
): Promise<KycSettings> => {
  const rule = await readKycRule(executor, brand.id);
  const optional = (amount: bigint | null) =>
    amount === null ? Promise.resolve(null) : wallet.formatAmount(amount, brand.currency);
  return {
    currency: brand.currency,
    requiredTier: rule.requiredTier,
    singleThreshold: await optional(rule.singleThreshold),
    cumulativeThreshold: await optional(rule.cumulativeThreshold),
    isDefault: rule.isDefault,
  };
};

/** The brand's rule, replaced as a whole and audited with the values before and after. */
export const updateKycSettings = async (
  deps: Pick<KycDependencies, 'db' | 'wallet'>,
  actor: AuditActor,
  brand: KycBrand,
  body: KycSettingsBody,
): Promise<KycSettings> => {
  const optional = (value: string | null, field: string) =>
    value === null ? Promise.resolve(null) : deps.wallet.parseAmount(value, brand.currency, field);
  const values: KycSettingsValues = {
    requiredTier: body.requiredTier,
    singleThreshold: await optional(body.singleThreshold, 'singleThreshold'),
    cumulativeThreshold: await optional(body.cumulativeThreshold, 'cumulativeThreshold'),
  };
  return deps.db.transaction(async (tx) => {
    const before = await describeKycSettings(deps, brand, tx);
    await repository.writeSettings(tx, brand.id, values);
    const after = await describeKycSettings(deps, brand, tx);
    await recordAuditEvent(tx, {
      actor,
      action: 'kyc.settings.update',
      entityType: 'brand',
      entityId: brand.id.toString(),
      before,
      after,
    });
    return after;
  });
};

/**
 * The tier a withdrawal must wait for: the brand's required tier when the amount is above the single threshold
 * or the member's paid and pending withdrawals with it pass the cumulative one; null when neither is passed.
 */
export const tierRequiredForWithdrawal = async (
  executor: Executor,
  brandId: bigint,
  { amount, cumulative }: { amount: bigint; cumulative: bigint },
): Promise<RequirableKycTier | null> => {
  const rule = await readKycRule(executor, brandId);
  const isAboveSingle = rule.singleThreshold !== null && amount > rule.singleThreshold;
  const isAboveCumulative = rule.cumulativeThreshold !== null && cumulative > rule.cumulativeThreshold;
  return isAboveSingle || isAboveCumulative ? rule.requiredTier : null;
};
