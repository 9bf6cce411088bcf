import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import {
  type ConfirmationAnswer,
  type ConfirmationFacts,
  deriveConfirmation,
  planConfirmation,
} from './withdrawal-confirmation';

const reviewedAt = new Date('2025-03-01T10:00:00Z');
const approved: ConfirmationFacts = {
  status: 'approved',
  amount: 10_000n,
  reviewedAt,
  confirmation: null,
  receivedAmount: null,
  confirmationProofUploadId: null,
};
const minutes = 60;
const beforeDeadline = new Date('2025-03-01T10:59:59Z');
const atDeadline = new Date('2025-03-01T11:00:00Z');

const received = (amount?: bigint): ConfirmationAnswer => ({ outcome: 'received', receivedAmount: amount });
const notReceived: ConfirmationAnswer = { outcome: 'not_received', proofUploadId: 'proof-1' };
const fullyPaid: ConfirmationAnswer = { outcome: 'fully_paid' };

/** The code an answer is refused with, or 'ok'. */
const attempt = (facts: ConfirmationFacts, answer: ConfirmationAnswer, now = beforeDeadline): string => {
  try {
    planConfirmation(facts, deriveConfirmation(facts, minutes, now), answer);
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};

describe('withdrawal confirmation', () => {
  it('is not applicable until approved, and for a rejected withdrawal', () => {
    for (const status of ['pending', 'rejected'] as const) {
      const facts = { ...approved, status, reviewedAt: status === 'pending' ? null : reviewedAt };
      expect(deriveConfirmation(facts, minutes, beforeDeadline).state).toBe('not_applicable');
      expect(attempt(facts, received())).toBe('CONFIRMATION_CLOSED');
    }
  });

  it('awaits until the deadline, then counts as received in full', () => {
    expect(deriveConfirmation(approved, minutes, beforeDeadline)).toEqual({
      state: 'awaiting',
      receivedAmount: null,
      remainingAmount: null,
      deadline: atDeadline,
      proofUploadId: null,
    });
    expect(deriveConfirmation(approved, minutes, atDeadline)).toMatchObject({
      state: 'auto_received',
      receivedAmount: 10_000n,
      remainingAmount: 0n,
      deadline: null,
    });
    for (const answer of [received(), notReceived, fullyPaid]) {
      expect(attempt(approved, answer)).toBe('ok');
      expect(attempt(approved, answer, atDeadline)).toBe('CONFIRMATION_CLOSED');
    }
  });

  it('follows the transitions from each answered state', () => {
    const partial = { ...approved, confirmation: 'received' as const, receivedAmount: 4_000n };
    const whole = { ...approved, confirmation: 'received' as const, receivedAmount: 10_000n };
    const disputed = { ...approved, confirmation: 'not_received' as const, receivedAmount: 0n };
    const paid = { ...approved, confirmation: 'fully_paid' as const, receivedAmount: 10_000n };
    const table: [ConfirmationFacts, [string, string, string]][] = [
      [partial, ['CONFIRMATION_CLOSED', 'ok', 'ok']],
      [whole, ['CONFIRMATION_CLOSED', 'CONFIRMATION_CLOSED', 'CONFIRMATION_CLOSED']],
      [disputed, ['ok', 'CONFIRMATION_CLOSED', 'ok']],
      [paid, ['CONFIRMATION_CLOSED', 'CONFIRMATION_CLOSED', 'CONFIRMATION_CLOSED']],
    ];
    for (const [facts, expected] of table) {
      // Answered states do not expire: a dispute stays open past the deadline.
      expect(
        [received(), notReceived, fullyPaid].map((answer) => attempt(facts, answer, atDeadline)),
      ).toEqual(expected);
    }
  });

  it('records what arrived and refuses more than the amount', () => {
    const view = deriveConfirmation(approved, minutes, beforeDeadline);
    expect(planConfirmation(approved, view, received())).toMatchObject({ receivedAmount: 10_000n });
    expect(planConfirmation(approved, view, received(2_500n))).toMatchObject({
      confirmation: 'received',
      receivedAmount: 2_500n,
    });
    expect(attempt(approved, received(10_001n))).toBe('VALIDATION_FAILED');
    const partial = { ...approved, confirmation: 'received' as const, receivedAmount: 2_500n };
    const disputed = planConfirmation(partial, deriveConfirmation(partial, minutes, atDeadline), notReceived);
    expect(disputed).toEqual({
      confirmation: 'not_received',
      receivedAmount: 2_500n,
      confirmationProofUploadId: 'proof-1',
    });
  });
});
