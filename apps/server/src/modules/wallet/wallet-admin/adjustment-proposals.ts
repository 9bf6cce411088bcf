import type { AdjustmentProposal, AdjustmentResult } from '@wps/contracts/wallet';
import { formatMinorUnits } from '@wps/contracts/money';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { recordAuditEvent } from '../../audit/audit.service';
import type { MemberRow } from '../../members/members.service';
import * as repository from '../adjustment-proposals.repository';
import type { AdjustmentProposalRow } from '../adjustment-proposals.repository';
import type { WalletBrand } from '../wallet-context';
import { adjustmentAccounts, adjustmentKey, postAdjustmentWithin } from './post-adjustment';
import type { AdjustmentRequest, StaffMember, WalletAdminServiceDependencies } from './wallet-admin-types';

/**
 * Four eyes on money: a manual adjustment above the brand's second-approval amount is proposed by one staff
 * member (the maker) and posted only when another (the checker) approves it; the maker may withdraw it by
 * rejecting it, never approve it. Each step is audited on the member.
 */

type ProposalDependencies = Pick<
  WalletAdminServiceDependencies,
  'db' | 'ledger' | 'wallet' | 'members' | 'messages'
>;

const toView = (row: AdjustmentProposalRow, username: string, exponent: number): AdjustmentProposal => ({
  id: row.id.toString(),
  username,
  amount: formatMinorUnits(row.amount, exponent),
  currency: row.currency,
  reason: row.reason,
  status: row.status,
  proposedBy: row.proposedBy,
  createdAt: row.createdAt.toISOString(),
  decidedBy: row.decidedBy,
  decidedAt: row.decidedAt?.toISOString() ?? null,
  decisionNote: row.decisionNote,
  transactionId: row.transactionId?.toString() ?? null,
});

const describe = async (
  { ledger, members }: Pick<ProposalDependencies, 'ledger' | 'members'>,
  rows: AdjustmentProposalRow[],
): Promise<AdjustmentProposal[]> => {
  const memberIds = [...new Set(rows.map((row) => row.memberId))];
  const usernames = new Map(
    await Promise.all(
      memberIds.map(async (id) => [id, (await members.findById(id))?.username ?? ''] as const),
    ),
  );
  return Promise.all(
    rows.map(async (row) =>
      toView(row, usernames.get(row.memberId) ?? '', await ledger.getCurrencyExponent(row.currency)),
    ),
  );
};

const describeOne = async (deps: ProposalDependencies, row: AdjustmentProposalRow) => {
  const [view] = await describe(deps, [row]);
  if (!view) throw new Error(`adjustment proposal ${row.id} could not be described`);
  return view;
};

/** A retried proposal answers the first one; the same request id with other details is a conflict. */
const replayOf = (existing: AdjustmentProposalRow, member: MemberRow, amount: bigint, reason: string) => {
  if (existing.memberId !== member.id || existing.amount !== amount || existing.reason !== reason) {
    throw new AppError('IDEMPOTENCY_CONFLICT');
  }
  return existing;
};

/** Records the maker's proposal (nothing is posted), audited; a retry of the request id answers it. */
export const proposeAdjustment = async (
  deps: ProposalDependencies,
  maker: StaffMember,
  brand: WalletBrand,
  member: MemberRow,
  amount: bigint,
  request: AdjustmentRequest,
  threshold: bigint,
): Promise<AdjustmentResult> => {
  const exponent = await deps.ledger.getCurrencyExponent(brand.currency);
  const format = (value: bigint) => formatMinorUnits(value, exponent);
  const row = await deps.db.transaction(async (tx) => {
    const values = {
      brandId: brand.id,
      memberId: member.id,
      currency: brand.currency,
      amount,
      reason: request.reason,
      requestId: request.requestId,
      proposedByStaffId: BigInt(maker.id),
      proposedBy: maker.username,
    };
    const inserted = await repository.insertProposal(tx, values);
    if (!inserted) {
      const existing = await repository.findByRequest(
        tx,
        brand.id,
        values.proposedByStaffId,
        request.requestId,
      );
      if (!existing) throw new Error(`adjustment proposal ${request.requestId} vanished`);
      return replayOf(existing, member, amount, request.reason);
    }
    await recordAuditEvent(tx, {
      actor: maker,
      action: 'wallet.adjustment.propose',
      entityType: 'member',
      entityId: member.id.toString(),
      after: {
        proposalId: inserted.id.toString(),
        amount: format(amount),
        currency: brand.currency,
        reason: request.reason,
        username: member.username,
        secondApprovalAbove: format(threshold),
      },
    });
    return inserted;
  });
  return {
    status: 'pending_approval',
    proposal: toView(row, member.username, exponent),
    secondApprovalAbove: format(threshold),
  };
};

/** The proposal, locked, still pending; the maker is refused before anything else is said about it. */
const lockPending = async (
  tx: Executor,
  brand: WalletBrand,
  id: bigint,
  checker: StaffMember | undefined,
) => {
  // Two checkers approving at once queue on this lock; the second finds the proposal decided.
  const row = await repository.lockProposal(tx, brand.id, id);
  if (!row) throw new AppError('NOT_FOUND');
  if (checker && row.proposedByStaffId === BigInt(checker.id)) {
    throw new AppError('FORBIDDEN', {
      message:
        'Four eyes: you proposed this adjustment, so another staff member must approve it (you may reject it).',
    });
  }
  if (row.status !== 'pending') {
    throw new AppError('ALREADY_PROCESSED', { details: { status: row.status } });
  }
  return row;
};

/**
 * A checker approves another staff member's proposal: the adjustment is posted exactly once (under the maker's
 * request id), audited with both names, and the member told. A debit the balance no longer covers is refused
 * (INSUFFICIENT_FUNDS) and the proposal stays pending.
 */
export const approveProposal = async (
  deps: ProposalDependencies,
  checker: StaffMember,
  brand: WalletBrand,
  id: bigint,
  note: string | undefined,
): Promise<AdjustmentProposal> => {
  const { db, members, wallet, messages } = deps;
  // Whose accounts, read before the transaction (they may need creating); the member never changes.
  const proposal = await repository.findProposal(db, brand.id, id);
  if (!proposal) throw new AppError('NOT_FOUND');
  const member = await members.findById(proposal.memberId);
  if (!member) throw new Error(`member ${proposal.memberId} of adjustment proposal ${id} vanished`);
  const { cash, counterpart, format } = await adjustmentAccounts(deps, brand, member);
  const decided = await db.transaction(async (tx) => {
    const row = await lockPending(tx, brand, id, checker);
    const { posting } = await postAdjustmentWithin(deps, tx, {
      actor: checker,
      brand,
      member,
      reason: row.reason,
      idempotencyKey: adjustmentKey(row.proposedByStaffId, row.requestId),
      cash,
      counterpart,
      amount: row.amount,
      format,
      auditDetails: {
        proposalId: row.id.toString(),
        proposedBy: row.proposedBy,
        approvedBy: checker.username,
      },
    });
    return repository.decideProposal(tx, row.id, {
      status: 'approved',
      decidedByStaffId: BigInt(checker.id),
      decidedBy: checker.username,
      decisionNote: note ?? null,
      transactionId: posting.transactionId,
    });
  });
  wallet.notifyBalance(decided.memberId);
  messages.notify(decided.memberId);
  return describeOne(deps, decided);
};

/** Any staff member who may move money rejects a pending proposal (the maker too: withdrawing it); audited. */
export const rejectProposal = async (
  deps: ProposalDependencies,
  staffMember: StaffMember,
  brand: WalletBrand,
  id: bigint,
  reason: string,
): Promise<AdjustmentProposal> => {
  const decided = await deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, brand, id, undefined);
    const after = await repository.decideProposal(tx, row.id, {
      status: 'rejected',
      decidedByStaffId: BigInt(staffMember.id),
      decidedBy: staffMember.username,
      decisionNote: reason,
      transactionId: null,
    });
    await recordAuditEvent(tx, {
      actor: staffMember,
      action: 'wallet.adjustment.reject',
      entityType: 'member',
      entityId: row.memberId.toString(),
      before: { proposalId: row.id.toString(), status: row.status },
      after: { proposalId: row.id.toString(), status: after.status, reason, proposedBy: row.proposedBy },
    });
    return after;
  });
  return describeOne(deps, decided);
};

/** The brand's proposals for the approvals list: pending ones oldest first, or all newest first. */
export const listProposals = async (
  deps: ProposalDependencies,
  brand: WalletBrand,
  query: { status: 'pending' | 'all'; pageNo: number; pageSize: number },
) => {
  const { rows, total } = await repository.listProposals(deps.db, brand.id, query.status === 'pending', {
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  return { list: await describe(deps, rows), totalPages: Math.ceil(total / query.pageSize) };
};
