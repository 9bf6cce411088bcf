import type { Withdrawal } from '@wps/contracts/payments';
import { AppError } from '../../../http/app-error';
import { recordAuditEvent } from '../../audit/audit.service';
import { type ConfirmationAnswer, deriveConfirmation, planConfirmation } from '../withdrawal-confirmation';
import * as repository from '../withdrawals.repository';
import {
  type ConfirmWithdrawalRequest,
  type MemberContext,
  memberActor,
  type WithdrawalServiceDependencies,
} from './withdrawal-types';
import { readOwnWithdrawal } from './withdrawal-views';

export type ConfirmReceiptDependencies = Pick<
  WithdrawalServiceDependencies,
  'db' | 'wallet' | 'uploads' | 'settings'
>;

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, issues: [{ field, message }] });

/** Turns the wire's answer into minor units and a checked proof, before any lock is taken. */
const readAnswer = async (
  { wallet, uploads }: Pick<WithdrawalServiceDependencies, 'wallet' | 'uploads'>,
  context: MemberContext,
  request: ConfirmWithdrawalRequest,
): Promise<ConfirmationAnswer> => {
  if (request.receivedAmount !== undefined && request.outcome !== 'received') {
    throw fieldError('receivedAmount', 'Only a receipt has a received amount');
  }
  if (request.proofUploadId !== undefined && request.outcome !== 'not_received') {
    throw fieldError('proofUploadId', 'Only "not received" takes a proof');
  }
  switch (request.outcome) {
    case 'received':
      return {
        outcome: 'received',
        receivedAmount:
          request.receivedAmount === undefined
            ? undefined
            : await wallet.parseAmount(request.receivedAmount, context.brand.currency, 'receivedAmount'),
      };
    case 'not_received': {
      if (request.proofUploadId === undefined) {
        throw fieldError('proofUploadId', 'A proof image is required');
      }
      const proof = await uploads.findOwned(context.brand.id, context.member.id, request.proofUploadId);
      if (!proof) throw new AppError('NOT_FOUND');
      if (proof.purpose !== 'withdrawal_proof') {
        throw fieldError('proofUploadId', 'The proof must be uploaded as a withdrawal proof');
      }
      return { outcome: 'not_received', proofUploadId: proof.id };
    }
    case 'fully_paid':
      return { outcome: 'fully_paid' };
  }
};

/** The player's answer to an approved withdrawal of their own (spec section 4). */
export const confirmReceipt = async (
  deps: ConfirmReceiptDependencies,
  context: MemberContext,
  id: bigint,
  request: ConfirmWithdrawalRequest,
): Promise<Withdrawal> => {
  const answer = await readAnswer(deps, context, request);
  const limits = await deps.settings.limits(context.brand);
  await deps.db.transaction(async (tx) => {
    const row = await repository.lockWithdrawal(tx, { memberId: context.member.id }, id);
    if (!row) throw new AppError('NOT_FOUND');
    const current = deriveConfirmation(row, limits.confirmationMinutes, new Date());
    const change = planConfirmation(row, current, answer);
    await repository.markConfirmed(tx, row.id, change);
    await recordAuditEvent(tx, {
      actor: memberActor(context),
      action: 'payments.withdrawal.confirm',
      entityType: 'withdrawal',
      entityId: row.id.toString(),
      before: { state: current.state, receivedAmount: current.receivedAmount?.toString() ?? null },
      after: {
        state: change.confirmation,
        receivedAmount: change.receivedAmount.toString(),
        proofUploadId: change.confirmationProofUploadId,
      },
    });
  });
  return readOwnWithdrawal(deps, context, id);
};
