/**
 * The one list of error codes the platform answers with. Every code has an HTTP status and a message key
 * (`errors.<CODE>` in the site's locale files); the compiler keeps the three in step.
 */
export const errorCodes = [
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'MALFORMED_JSON',
  'VALIDATION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'BRAND_NOT_FOUND',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorHttpStatus: Record<ErrorCode, number> = {
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  MALFORMED_JSON: 400,
  VALIDATION_FAILED: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  BRAND_NOT_FOUND: 404,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};

/** English text sent in the envelope's `message`; the site shows its own translation of `errors.<code>`. */
export const errorMessages: Record<ErrorCode, string> = {
  NOT_FOUND: 'The requested resource does not exist.',
  METHOD_NOT_ALLOWED: 'This method is not allowed here.',
  MALFORMED_JSON: 'The request body is not valid JSON.',
  VALIDATION_FAILED: 'Some fields are missing or invalid.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported.',
  UNAUTHORIZED: 'You are not logged in, please login.',
  FORBIDDEN: 'You are not allowed to do this.',
  RATE_LIMITED: 'Too many requests, please try again later.',
  BRAND_NOT_FOUND: 'This site is not configured.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable.',
  INTERNAL_ERROR: 'Unknown error.',
};

export const errorMessageKey = (code: ErrorCode): string => `errors.${code}`;
