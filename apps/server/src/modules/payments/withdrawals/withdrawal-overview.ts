import * as repository from '../withdrawals.repository';
import { turnoverOwed, withVipLimits } from './member-limits';
import type { MemberContext, WithdrawalOverview, WithdrawalServiceDependencies } from './withdrawal-types';

/**
 * The withdrawal page's figures: balance, limits and today's use, turnover still owed, what is set up, and the
 * active bonus a withdrawal would forfeit (the page warns before submitting).
 */
export const describeWithdrawalOverview = async (
  {
    db,
    wallet,
    turnover,
    members,
    settings,
    bonuses,
    vipLimits,
    protection,
  }: Pick<
    WithdrawalServiceDependencies,
    'db' | 'wallet' | 'turnover' | 'members' | 'settings' | 'bonuses' | 'vipLimits' | 'protection'
  >,
  context: MemberContext,
): Promise<WithdrawalOverview> => {
  const { member, brand } = context;
  const owner = { brandId: brand.id, memberId: member.id, currency: brand.currency };
  const [limits, balance, used, remaining, fresh, bonus, bonusBalance] = await Promise.all([
    settings.limits(brand).then((limits) => withVipLimits({ vipLimits }, db, member, limits)),
    wallet.balance(member, brand.currency),
    repository.usedToday(db, member.id, brand.timeZone),
    turnoverOwed({ turnover, protection }, db, member, brand.currency),
    members.findById(member.id),
    bonuses.findActive(owner),
    bonuses.balance(owner),
  ]);
  const money = (amount: bigint) => wallet.formatAmount(amount, brand.currency);
  return {
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    balance: await money(balance),
    minAmount: await money(limits.withdrawalMin),
    maxAmount: await money(limits.withdrawalMax),
    dailyMaxAmount: await money(limits.withdrawalDailyMaxAmount),
    dailyMaxCount: limits.withdrawalDailyMaxCount,
    usedTodayAmount: await money(used.amount),
    usedTodayCount: used.count,
    turnoverRemaining: await money(remaining),
    hasPaymentPassword: (fresh ?? member).paymentPasswordHash !== null,
    realName: (fresh ?? member).payeeName,
    confirmationMinutes: limits.confirmationMinutes,
    activeBonus: bonus ? { title: bonus.title, balance: await money(bonusBalance) } : null,
  };
};
