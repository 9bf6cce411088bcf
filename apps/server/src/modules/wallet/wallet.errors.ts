import type { ErrorCode } from '@wps/contracts/errors';
import { AppError } from '../../http/app-error';

/** Why the ledger refused a request: a stable code for the client, and the precise reason in the value. */
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
  insufficient_funds: 'INSUFFICIENT_FUNDS',
  amount_out_of_range: 'VALIDATION_FAILED',
  idempotency_conflict: 'IDEMPOTENCY_CONFLICT',
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
