import type { ErrorCode } from '@wps/contracts/errors';
import { AppError } from '../../http/app-error';

/**
 * Why the ledger refused a request. Until contracts has dedicated codes (INSUFFICIENT_FUNDS and
 * IDEMPOTENCY_CONFLICT are proposed), these travel as an existing code with the reason in the envelope's
 * value, so callers and clients can already tell them apart.
 */
export type LedgerErrorReason =
  | 'invalid_request'
  | 'unbalanced'
  | 'account_not_found'
  | 'currency_not_found'
  | 'insufficient_funds'
  | 'amount_out_of_range'
  | 'idempotency_conflict'
  | 'hold_not_found'
  | 'hold_already_settled';

const reasonCodes: Record<LedgerErrorReason, ErrorCode> = {
  invalid_request: 'VALIDATION_FAILED',
  unbalanced: 'VALIDATION_FAILED',
  account_not_found: 'NOT_FOUND',
  currency_not_found: 'VALIDATION_FAILED',
  insufficient_funds: 'VALIDATION_FAILED',
  amount_out_of_range: 'VALIDATION_FAILED',
  idempotency_conflict: 'VALIDATION_FAILED',
  hold_not_found: 'NOT_FOUND',
  hold_already_settled: 'VALIDATION_FAILED',
};

export class LedgerError extends AppError {
  readonly reason: LedgerErrorReason;

  constructor(reason: LedgerErrorReason, message: string) {
    super(reasonCodes[reason], { message, details: { reason } });
    this.name = 'LedgerError';
    this.reason = reason;
  }
}
