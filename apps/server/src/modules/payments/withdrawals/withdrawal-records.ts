import type { WithdrawalReviewStatus } from '@wps/contracts/payments';
import type { Database } from '../../../db/database';
import { listAuditEvents, recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../withdrawals.repository';
import type { MemberContext, Page, StaffContext, WithdrawalServiceDependencies } from './withdrawal-types';
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

const payoutAccountsRead = 'payments.withdrawal.payout_accounts_read';

/**
 * Records that a staff member read these withdrawals' payout accounts in full. The console refreshes the queue
 * every few seconds: a read of the same withdrawals as the staff member's last recorded one adds no row.
 */
const recordPayoutAccountsRead = async (
  db: Database,
  { staffId, ip }: Pick<StaffContext, 'staffId' | 'ip'>,
  withdrawalIds: string[],
): Promise<void> => {
  const [last] = await listAuditEvents(db, 'staff', staffId, 1);
  const lastRead =
    last?.action === payoutAccountsRead ? (last.after as { withdrawalIds?: unknown } | null) : null;
  if (JSON.stringify(lastRead?.withdrawalIds) === JSON.stringify(withdrawalIds)) return;
  await recordAuditEvent(db, {
    actor: { type: 'staff', id: staffId, ip },
    action: payoutAccountsRead,
    entityType: 'staff',
    entityId: staffId,
    after: { withdrawalIds },
  });
};

/**
 * The brand's withdrawals for staff review: the open ones, those awaiting a second approval, or all. Staff
 * who pay them out read the payout accounts in full, and that reading is recorded in the audit trail (one
 * row naming the withdrawals shown, unless the staff member's last one named the same); others see them masked.
 */
export const listWithdrawalsForStaff = async (
  deps: Pick<WithdrawalServiceDependencies, 'db' | 'wallet' | 'turnover' | 'members' | 'settings' | 'funds'>,
  { brand, revealsPayoutAccounts, staffId, ip }: StaffContext,
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
  const revealPayoutAccounts = revealsPayoutAccounts;
  if (revealPayoutAccounts && rows.length > 0) {
    await recordPayoutAccountsRead(
      deps.db,
      { staffId, ip },
      rows.map((row) => row.withdrawal.id.toString()),
    );
  }
  return {
    list: await toStaffWithdrawals(deps, rows, { ...limits, secondApprovalAbove, revealPayoutAccounts }),
    totalPages: Math.ceil(total / query.pageSize),
  };
};
