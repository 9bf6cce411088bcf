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

/**
 * The turnover a member still owes before a withdrawal: none while they are in a time-out or a self-exclusion,
 * who cannot play it through and may always withdraw what remains (issue 26; the AML rule on deposits withdrawn
 * with little play still flags it for staff).
 */
export const turnoverOwed = async (
  { turnover, protection }: Pick<WithdrawalServiceDependencies, 'turnover' | 'protection'>,
  executor: Executor,
  member: { id: bigint },
  currency: string,
): Promise<bigint> =>
  (await protection.isPlayBlocked(member.id, executor))
    ? 0n
    : turnover.remaining(member.id, currency, executor);
