import * as repository from '../withdrawals.repository';
import type { MemberContext, WithdrawalOverview, WithdrawalServiceDependencies } from './withdrawal-types';

/** The withdrawal page's figures: balance, limits and today's use, turnover still owed, and what is set up. */
export const describeWithdrawalOverview = async (
  {
    db,
    wallet,
    turnover,
    members,
    settings,
  }: Pick<WithdrawalServiceDependencies, 'db' | 'wallet' | 'turnover' | 'members' | 'settings'>,
  context: MemberContext,
): Promise<WithdrawalOverview> => {
  const { member, brand } = context;
  const [limits, balance, used, remaining, fresh] = await Promise.all([
    settings.limits(brand),
    wallet.balance(member, brand.currency),
    repository.usedToday(db, member.id, brand.timeZone),
    turnover.remaining(member.id, brand.currency),
    members.findById(member.id),
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
  };
};
