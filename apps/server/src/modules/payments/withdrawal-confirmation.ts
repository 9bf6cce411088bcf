import type { ConfirmationState } from '@wps/contracts/payments';
import { AppError } from '../../http/app-error';
import type { WithdrawalConfirmation, WithdrawalStatus } from './payments.tables';

/** What a withdrawal row says about the player's confirmation. */
export type ConfirmationFacts = {
  status: WithdrawalStatus;
  amount: bigint;
  reviewedAt: Date | null;
  confirmation: WithdrawalConfirmation | null;
  receivedAmount: bigint | null;
  confirmationProofUploadId: string | null;
};

export type ConfirmationView = {
  state: ConfirmationState;
  receivedAmount: bigint | null;
  remainingAmount: bigint | null;
  /** Until when the player may answer; only while awaiting. */
  deadline: Date | null;
  proofUploadId: string | null;
};

/** The player's answer, amounts already in minor units. */
export type ConfirmationAnswer =
  | { outcome: 'received'; receivedAmount: bigint | undefined }
  | { outcome: 'not_received'; proofUploadId: string }
  | { outcome: 'fully_paid' };

/** What to store on the row for an accepted answer. */
export type ConfirmationChange = {
  confirmation: WithdrawalConfirmation;
  receivedAmount: bigint;
  confirmationProofUploadId: string | null;
};

const minuteMs = 60_000;

const settled = (state: ConfirmationState, facts: ConfirmationFacts, received: bigint): ConfirmationView => ({
  state,
  receivedAmount: received,
  remainingAmount: facts.amount - received,
  deadline: null,
  proofUploadId: facts.confirmationProofUploadId,
});

/**
 * The confirmation state, derived on every read: an approved withdrawal left unanswered past its deadline
 * (reviewed_at + the brand's confirmation minutes) counts as received, so no job has to flip it.
 */
export const deriveConfirmation = (
  facts: ConfirmationFacts,
  confirmationMinutes: number,
  now: Date,
): ConfirmationView => {
  if (facts.status !== 'approved' || facts.reviewedAt === null) {
    return {
      state: 'not_applicable',
      receivedAmount: null,
      remainingAmount: null,
      deadline: null,
      proofUploadId: null,
    };
  }
  switch (facts.confirmation) {
    case 'received':
      return settled('received', facts, facts.receivedAmount ?? facts.amount);
    case 'not_received':
      return settled('not_received', facts, facts.receivedAmount ?? 0n);
    case 'fully_paid':
      return settled('fully_paid', facts, facts.amount);
    case null: {
      const deadline = new Date(facts.reviewedAt.getTime() + confirmationMinutes * minuteMs);
      if (now >= deadline) return settled('auto_received', facts, facts.amount);
      return {
        state: 'awaiting',
        receivedAmount: null,
        remainingAmount: null,
        deadline,
        proofUploadId: null,
      };
    }
  }
};

/**
 * Which answers each state still takes. Awaiting takes any; a partial receipt can become fully paid or
 * disputed; a dispute can be settled as received or fully paid. Received in full, fully paid and
 * auto-received are final.
 */
const allowedOutcomes = (view: ConfirmationView): readonly ConfirmationAnswer['outcome'][] => {
  switch (view.state) {
    case 'awaiting':
      return ['received', 'not_received', 'fully_paid'];
    case 'received':
      return view.remainingAmount !== null && view.remainingAmount > 0n ? ['fully_paid', 'not_received'] : [];
    case 'not_received':
      return ['received', 'fully_paid'];
    default:
      return [];
  }
};

/** The change an answer makes, or why it is refused (CONFIRMATION_CLOSED, VALIDATION_FAILED). */
export const planConfirmation = (
  facts: ConfirmationFacts,
  view: ConfirmationView,
  answer: ConfirmationAnswer,
): ConfirmationChange => {
  if (!allowedOutcomes(view).includes(answer.outcome)) {
    throw new AppError('CONFIRMATION_CLOSED', { details: { state: view.state } });
  }
  switch (answer.outcome) {
    case 'received': {
      const receivedAmount = answer.receivedAmount ?? facts.amount;
      if (receivedAmount > facts.amount) {
        const message = 'The received amount is more than the withdrawal';
        throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'receivedAmount', message }] });
      }
      return {
        confirmation: 'received',
        receivedAmount,
        confirmationProofUploadId: facts.confirmationProofUploadId,
      };
    }
    case 'not_received':
      // What already arrived stays recorded: the dispute is about the rest.
      return {
        confirmation: 'not_received',
        receivedAmount: view.receivedAmount ?? 0n,
        confirmationProofUploadId: answer.proofUploadId,
      };
    case 'fully_paid':
      // A proof sent with an earlier dispute stays on the row for staff.
      return {
        confirmation: 'fully_paid',
        receivedAmount: facts.amount,
        confirmationProofUploadId: facts.confirmationProofUploadId,
      };
  }
};
