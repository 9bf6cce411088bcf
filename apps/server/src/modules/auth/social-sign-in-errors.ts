import type { ErrorCode } from '@wps/contracts/errors';
import * as oidc from 'openid-client';
import { AppError } from '../../http/app-error';

/** A refusal with the code the visitor is sent back with, and the reason kept in the auth events. */
export class SocialSignInError extends AppError {
  readonly reason: string;
  constructor(code: ErrorCode, reason: string) {
    super(code);
    this.reason = reason;
  }
}

/** What went wrong at the provider, without codes or tokens: the library's messages carry no values. */
export const describeProviderError = (error: unknown): string => {
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) {
    return `${error.error}: ${error.error_description ?? error.message}`;
  }
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return 'unknown error';
};
