import type { WithdrawalReviewStatus } from '@wps/contracts/payments';
import type { Executor } from '../../db/database';
import type { TierReachedListener } from '../kyc/kyc.service';
import { approveWithdrawal } from './withdrawals/approve-withdrawal';
import { confirmReceipt } from './withdrawals/confirm-receipt';
import { releaseForTier } from './withdrawals/kyc-hold';
import { rejectWithdrawal } from './withdrawals/reject-withdrawal';
import { requestWithdrawal } from './withdrawals/request-withdrawal';
import { describeWithdrawalOverview } from './withdrawals/withdrawal-overview';
import { listOwnWithdrawals, listWithdrawalsForStaff } from './withdrawals/withdrawal-records';
import type {
  ConfirmWithdrawalRequest,
  CreateWithdrawalRequest,
  MemberContext,
  Page,
  StaffContext,
  WithdrawalDecision,
  WithdrawalServiceDependencies,
} from './withdrawals/withdrawal-types';
import { readOwnWithdrawal } from './withdrawals/withdrawal-views';

export type {
  ConfirmWithdrawalRequest,
  CreateWithdrawalRequest,
  MemberContext,
  StaffContext,
  StaffWithdrawal,
  WithdrawalDecision,
  WithdrawalOverview,
  WithdrawalServiceDependencies,
} from './withdrawals/withdrawal-types';

/**
 * Withdrawals: the amount is held from the member's main wallet when requested, then paid out (the hold
 * posted to payment clearing) or returned (the hold voided) by staff, exactly once; afterwards the player
 * confirms receipt (spec section 4).
 *
 * The use cases live in ./withdrawals/, one file each; this binds them to one set of dependencies.
 */
export const createWithdrawalService = (deps: WithdrawalServiceDependencies) => ({
  overview: (context: MemberContext) => describeWithdrawalOverview(deps, context),

  request: (context: MemberContext, request: CreateWithdrawalRequest) =>
    requestWithdrawal(deps, context, request),

  list: (context: MemberContext, page: Page) => listOwnWithdrawals(deps, context, page),

  get: (context: MemberContext, id: bigint) => readOwnWithdrawal(deps, context, id),

  /** The player's answer to an approved withdrawal of their own (spec section 4). */
  confirm: (context: MemberContext, id: bigint, request: ConfirmWithdrawalRequest) =>
    confirmReceipt(deps, context, id, request),

  listForStaff: (context: StaffContext, query: Page & { status: WithdrawalReviewStatus }) =>
    listWithdrawalsForStaff(deps, context, query),

  /**
   * Approve (pay out) or reject (return the money) a pending withdrawal, exactly once. Above the brand's
   * second-approval amount the first approval is recorded and another staff member's pays it out.
   */
  decide: (context: StaffContext, id: bigint, decision: WithdrawalDecision) =>
    decision.outcome === 'approve'
      ? approveWithdrawal(deps, context, id, decision.note)
      : rejectWithdrawal(deps, context, id, decision.reason),

  /**
   * A member reached a verification tier (a document approved): the withdrawals that waited for it join the
   * review queue, in the approval's transaction.
   */
  releaseForTier: (executor: Executor, event: Parameters<TierReachedListener>[1]) =>
    releaseForTier(executor, event),
});

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
