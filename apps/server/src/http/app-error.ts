import type { FieldIssue } from '@wps/contracts/envelope';
import { type ErrorCode, errorHttpStatus, errorMessages } from '@wps/contracts/errors';

/** A failure the client is told about, with a stable code; anything else is an internal error. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly issues: FieldIssue[] | undefined;
  /** Extra facts for the client in the envelope's value, such as `captcha: true` after a failed login. */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; issues?: FieldIssue[]; details?: Record<string, unknown> } = {},
  ) {
    super(options.message ?? errorMessages[code]);
    this.code = code;
    this.statusCode = errorHttpStatus[code];
    this.issues = options.issues;
    this.details = options.details;
  }
}
