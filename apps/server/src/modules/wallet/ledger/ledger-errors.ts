import { findDatabaseError } from '../../../db/database-errors';
import { AppError } from '../../../http/app-error';
import { playRefusalOf } from '../../../lib/play-refusal';
import { LedgerError } from '../wallet.errors';

const overdraftConstraint = 'ledger_balances_no_overdraft';
const balancedConstraint = 'ledger_transaction_balanced';
const idempotencyKeyConstraint = 'ledger_transactions_idempotency_key';

/** Turns the database's refusals into the ledger's own errors; anything else stays an internal error. */
export const translateDatabaseError = (error: unknown): unknown => {
  const databaseError = findDatabaseError(error);
  if (!databaseError) return error;
  // Player protection refused a stake (a limit, a time-out or a self-exclusion): the member's own answer.
  const refusal = playRefusalOf(error);
  if (refusal) return new AppError(refusal);
  if (databaseError.code === '23514' && databaseError.constraint === overdraftConstraint) {
    return new LedgerError('insufficient_funds', 'Insufficient funds');
  }
  if (databaseError.code === '22003') {
    return new LedgerError('amount_out_of_range', 'The amount would take a balance out of range');
  }
  if (databaseError.code === '23505' && databaseError.constraint === idempotencyKeyConstraint) {
    return new LedgerError('idempotency_conflict', 'This idempotency key was already used');
  }
  if (databaseError.code === '23514' && databaseError.constraint === balancedConstraint) {
    return new LedgerError('unbalanced', 'The entries of a ledger transaction must sum to zero per currency');
  }
  return error;
};

export const withDatabaseErrors = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw translateDatabaseError(error);
  }
};
