import * as repository from '../deposits.repository';
import type { DepositServiceDependencies, Page } from './deposit-types';
import { toDeposit, toStaffDeposits } from './deposit-views';

/** The member's own deposits, newest first, paged. */
export const listOwnDeposits = async (
  deps: Pick<DepositServiceDependencies, 'db' | 'wallet'>,
  memberId: bigint,
  page: Page,
) => {
  const { rows, total } = await repository.listMemberViews(deps.db, memberId, {
    limit: page.pageSize,
    offset: (page.pageNo - 1) * page.pageSize,
  });
  return {
    list: await Promise.all(rows.map((view) => toDeposit(deps, view))),
    totalPages: Math.ceil(total / page.pageSize),
  };
};

/** The brand's deposits for staff review: the pending ones, or all. */
export const listDepositsForReview = async (
  deps: Pick<DepositServiceDependencies, 'db' | 'wallet' | 'members'>,
  brandId: bigint,
  query: { status: 'pending' | 'all' } & Page,
) => {
  const { rows, total } = await repository.listBrandViews(
    deps.db,
    brandId,
    query.status === 'pending' ? 'pending' : undefined,
    { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize },
  );
  return { list: await toStaffDeposits(deps, rows), totalPages: Math.ceil(total / query.pageSize) };
};
