import type { FailureEnvelope, SuccessEnvelope } from '@wps/contracts/envelope';
import { type ErrorCode, errorMessages } from '@wps/contracts/errors';
import type { FieldIssue } from '@wps/contracts/envelope';

export const ok = <T>(value: T, message = ''): SuccessEnvelope<T> => ({ success: true, value, message });

export const failure = (
  code: ErrorCode,
  message: string = errorMessages[code],
  issues?: FieldIssue[],
  details?: Record<string, unknown>,
): FailureEnvelope => ({
  success: false,
  value: issues || details ? { ...details, ...(issues ? { issues } : {}) } : null,
  message,
  code,
});
