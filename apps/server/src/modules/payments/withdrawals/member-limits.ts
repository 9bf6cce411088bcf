import type { Executor } from '../../../db/database';
import type { WithdrawalLimits } from '../payment-settings.service';
import type { WithdrawalServiceDependencies } from './withdrawal-types';

/**
 * The brand's withdrawal limits for this member: a VIP level with its own daily count or amount replaces the
 * brand's (loyalty's `withdrawalLimitsOf`), the rest stays the brand's. Reads on `executor` only, so it may run
 * inside the request's transaction.
 */
export const withVipLimits = async (
  { vipLimits }: Pick<WithdrawalServiceDependencies, 'vipLimits'>,
  executor: Executor,
  member: { id: bigint; brandId: bigint },
  limits: WithdrawalLimits,
): Promise<WithdrawalLimits> => {
  const vip = await vipLimits(executor, member);
  return {
    ...limits,
    withdrawalDailyMaxCount: vip.dailyCount ?? limits.withdrawalDailyMaxCount,
    withdrawalDailyMaxAmount: vip.dailyAmount ?? limits.withdrawalDailyMaxAmount,
  };
};
