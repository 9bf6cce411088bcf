import type { WithdrawalReviewStatus } from '@wps/contracts/payments';
import type { PaymentBrand } from '../payment-settings.service';
import * as repository from '../withdrawals.repository';
import type { MemberContext, Page, WithdrawalServiceDependencies } from './withdrawal-types';
import { toStaffWithdrawals, toWithdrawal } from './withdrawal-views';

/** The member's own withdrawals, newest first, paged. */
export const listOwnWithdrawals = async (
  deps: Pick<WithdrawalServiceDependencies, 'db' | 'wallet' | 'settings'>,
  context: MemberContext,
  page: Page,
) => {
  const [{ rows, total }, limits] = await Promise.all([
    repository.listMemberViews(deps.db, context.member.id, {
      limit: page.pageSize,
      offset: (page.pageNo - 1) * page.pageSize,
    }),
    deps.settings.limits(context.brand),
  ]);
  const now = new Date();
  return {
    list: await Promise.all(rows.map((row) => toWithdrawal(deps, row, limits.confirmationMinutes, now))),
    totalPages: Math.ceil(total / page.pageSize),
  };
};

/** The brand's withdrawals for staff review: the open ones, those awaiting a second approval, or all. */
export const listWithdrawalsForStaff = async (
  deps: Pick<WithdrawalServiceDependencies, 'db' | 'wallet' | 'turnover' | 'members' | 'settings' | 'funds'>,
  brand: PaymentBrand,
  query: Page & { status: WithdrawalReviewStatus },
) => {
  const [{ rows, total }, limits, secondApprovalAbove] = await Promise.all([
    repository.listBrandViews(deps.db, brand.id, query.status === 'pending' ? 'open' : query.status, {
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    }),
    deps.settings.limits(brand),
    deps.funds.secondApprovalAbove(brand),
  ]);
  return {
    list: await toStaffWithdrawals(deps, rows, { ...limits, secondApprovalAbove }),
    totalPages: Math.ceil(total / query.pageSize),
  };
};
