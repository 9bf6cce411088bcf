import type { VendorWalletStatus } from '@wps/contracts/vendor-wallet';
import * as repository from '../vendor-wallet.repository';

/** The transaction uuid of a bet is taken already: roll back and answer from the row that holds it. */
export class UuidTaken extends Error {
  constructor() {
    super('transaction uuid taken');
  }
}

/** A rule of the protocol refuses the call: everything rolls back and the status is the answer. */
export class Refusal extends Error {
  constructor(readonly status: VendorWalletStatus) {
    super(status);
  }
}

type DatabaseErrorFields = { code: string; constraint: string | undefined };

const findDatabaseError = (error: unknown): DatabaseErrorFields | undefined => {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const fields = current as Error & { code?: unknown; constraint?: unknown };
    if (typeof fields.code === 'string' && fields.code.length === 5) {
      return {
        code: fields.code,
        constraint: typeof fields.constraint === 'string' ? fields.constraint : undefined,
      };
    }
    current = current.cause;
  }
  return undefined;
};

/** The ledger's refusal reason (its LedgerError is the wallet domain's own; only the field is read). */
const ledgerReasonOf = (error: unknown): string | undefined =>
  error instanceof Error && 'reason' in error && typeof error.reason === 'string' ? error.reason : undefined;

/** Lost a race for a uuid (ours or the ledger's key) to a call of another member: run the call again. */
export const isUuidRace = (error: unknown): boolean => {
  if (ledgerReasonOf(error) === 'idempotency_conflict') return true;
  const databaseError = findDatabaseError(error);
  return databaseError?.code === '23505' && databaseError.constraint === repository.transactionUuidConstraint;
};

export const isInsufficientFunds = (error: unknown): boolean =>
  ledgerReasonOf(error) === 'insufficient_funds';
