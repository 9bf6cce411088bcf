import type { VendorWalletStatus } from '@wps/contracts/vendor-wallet';
import { isDatabaseError, uniqueViolation } from '../../../db/database-errors';
import { AppError } from '../../../http/app-error';
import { playRefusalOf } from '../../../lib/play-refusal';
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

/** The ledger's refusal reason (its LedgerError is the wallet domain's own; only the field is read). */
const ledgerReasonOf = (error: unknown): string | undefined =>
  error instanceof Error && 'reason' in error && typeof error.reason === 'string' ? error.reason : undefined;

/** Lost a race for a uuid (ours or the ledger's key) to a call of another member: run the call again. */
export const isUuidRace = (error: unknown): boolean => {
  if (ledgerReasonOf(error) === 'idempotency_conflict') return true;
  return isDatabaseError(error, uniqueViolation, repository.transactionUuidConstraint);
};

export const isInsufficientFunds = (error: unknown): boolean =>
  ledgerReasonOf(error) === 'insufficient_funds';

/**
 * Player protection refused the stake (the ledger's rule, migration 0063): the protocol's status for it, as the
 * ledger translated it or as the database raised it (a batch's own statement); undefined for anything else.
 * A limit is RS_ERROR_LIMIT_REACHED (the vendor does not roll it back: nothing was taken), an exclusion
 * RS_ERROR_USER_DISABLED (final).
 */
export const playRefusalStatusOf = (error: unknown): VendorWalletStatus | undefined => {
  const refusal =
    error instanceof AppError
      ? error.code === 'PLAYER_LIMIT_REACHED' || error.code === 'PLAYER_EXCLUDED'
        ? error.code
        : undefined
      : playRefusalOf(error);
  if (refusal === 'PLAYER_LIMIT_REACHED') return 'RS_ERROR_LIMIT_REACHED';
  if (refusal === 'PLAYER_EXCLUDED') return 'RS_ERROR_USER_DISABLED';
  return undefined;
};
