import type { EncryptionKey } from '@wps/contracts/body-cipher';
import type { FieldIssue } from '@wps/contracts/envelope';
import { errorCodes, type ErrorCode } from '@wps/contracts/errors';
import { merchantHeader } from '@wps/contracts/site-rules';
import { forgetEncryptionKey, sealRequestBody } from './body-encryption';
import { readMerchantCode, readSessionToken } from './storage';

/** Failures that happen before the server could answer with one of its own codes. */
export const clientErrorCodes = ['NETWORK_ERROR', 'INVALID_RESPONSE'] as const;
export type ClientErrorCode = (typeof clientErrorCodes)[number];
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** What a failure envelope's `value` may add: field issues, and whether the next login needs the captcha. */
export type ApiErrorDetails = { issues?: readonly FieldIssue[]; isCaptchaRequired?: boolean };

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly issues: readonly FieldIssue[];
  readonly isCaptchaRequired: boolean;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    details: ApiErrorDetails = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.issues = details.issues ?? [];
    this.isCaptchaRequired = details.isCaptchaRequired ?? false;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded, for the endpoints the spec defines that way. */
  form?: Record<string, string>;
  /** Sent as multipart/form-data (uploads); the browser sets the content type with its boundary. */
  multipart?: FormData;
  /** The spec's "encrypt" calls: the JSON body is sealed with the server's public key when possible. */
  isEncrypted?: boolean;
  signal?: AbortSignal;
};

const apiBasePath = '/wps';

const buildUrl = (path: string, query: ApiRequestOptions['query']): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return `${apiBasePath}${path}${search ? `?${search}` : ''}`;
};

type BodyKind = 'json' | 'form' | 'multipart' | 'none';

const buildHeaders = (bodyKind: BodyKind): Headers => {
  const headers = new Headers({ Accept: 'application/json' });
  if (bodyKind === 'json') headers.set('Content-Type', 'application/json');
  if (bodyKind === 'form') headers.set('Content-Type', 'application/x-www-form-urlencoded');
  const token = readSessionToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const merchantCode = readMerchantCode();
  if (merchantCode) headers.set(merchantHeader, merchantCode);
  return headers;
};

const readJson = async (response: Response): Promise<unknown> => {
  try {
    return (await response.json()) as unknown;
  } catch (cause) {
    // A proxy or gateway answering HTML means the API is unreachable, not that it misbehaved.
    const code: ClientErrorCode = response.ok ? 'INVALID_RESPONSE' : 'NETWORK_ERROR';
    throw new ApiError(code, `Unreadable response (HTTP ${response.status}).`, {}, { cause });
  }
};

type Failure = { code: ErrorCode; message: string; details: ApiErrorDetails };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isErrorCode = (value: unknown): value is ErrorCode => errorCodes.some((code) => code === value);

const isFieldIssue = (value: unknown): value is FieldIssue =>
  isRecord(value) && typeof value.field === 'string' && typeof value.message === 'string';

/**
 * The failure envelope `{ success: false, code, message, value }` recognised with plain checks: zod stays out
 * of the site's first load (see ARCHITECTURE.md, "Web and console").
 */
const readFailure = (answer: unknown): Failure | null => {
  if (!isRecord(answer) || answer.success !== false || !isErrorCode(answer.code)) return null;
  const value = isRecord(answer.value) ? answer.value : {};
  const issues = Array.isArray(value.issues) ? value.issues.filter(isFieldIssue) : [];
  return {
    code: answer.code,
    message: typeof answer.message === 'string' ? answer.message : '',
    details: { issues, isCaptchaRequired: value.captcha === true },
  };
};

const isSuccessEnvelope = (answer: unknown): answer is { success: true; value: unknown } =>
  isRecord(answer) && answer.success === true && 'value' in answer;

/**
 * One request as given: the envelope's value, or an ApiError. The server checked the answer against the
 * contract's schema before sending it, so the value is taken as `T` without parsing it again.
 */
const sendRequest = async <T>(path: string, options: ApiRequestOptions): Promise<T> => {
  const bodyKind: BodyKind =
    options.multipart !== undefined
      ? 'multipart'
      : options.form !== undefined
        ? 'form'
        : options.body !== undefined
          ? 'json'
          : 'none';
  const body =
    bodyKind === 'multipart'
      ? (options.multipart ?? null)
      : bodyKind === 'form'
        ? new URLSearchParams(options.form).toString()
        : bodyKind === 'json'
          ? JSON.stringify(options.body)
          : null;
  let response: Response;
  try {
    // Same-origin credentials (the fetch default) carry the captcha and remember-me cookies.
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers: buildHeaders(bodyKind),
      body,
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  } catch (cause) {
    // Cancellation is the caller's own doing (TanStack Query aborts stale requests); let it through as is.
    if (options.signal?.aborted) throw cause;
    throw new ApiError('NETWORK_ERROR', 'Network link is abnormal, please try again.', {}, { cause });
  }

  const answer = await readJson(response);
  const failure = readFailure(answer);
  if (failure !== null) {
    throw new ApiError(failure.code, failure.message || failure.code, failure.details);
  }
  if (!isSuccessEnvelope(answer)) {
    throw new ApiError('INVALID_RESPONSE', `Unexpected response from ${path}.`);
  }
  // The contract's schema, applied by the server's serializer, is what makes this value a `T`.
  return answer.value as T;
};

const fetchEncryptionKey = () => sendRequest<EncryptionKey>('/system/encryption-key', {});

const withSealedBody = async (options: ApiRequestOptions): Promise<ApiRequestOptions> => {
  const sealed = await sealRequestBody(options.body, fetchEncryptionKey);
  return sealed === null ? options : { ...options, body: sealed };
};

/**
 * Calls a `/wps` endpoint and returns the envelope's `value`, typed by the caller with the contract's type
 * (the server validated it against the contract's response schema). Every failure surfaces as an
 * `ApiError` so screens can show `errors.<code>`.
 */
export const apiRequest = async <T>(path: string, options: ApiRequestOptions = {}): Promise<T> => {
  if (options.isEncrypted !== true || options.body === undefined) {
    return sendRequest<T>(path, options);
  }
  try {
    return await sendRequest<T>(path, await withSealedBody(options));
  } catch (error) {
    // The server rotated its key since it was fetched: fetch the new one and try once more.
    if (!isApiError(error) || error.code !== 'DECRYPTION_FAILED') throw error;
    forgetEncryptionKey();
    return sendRequest<T>(path, await withSealedBody(options));
  }
};

export type RawRequestOptions = {
  query?: ApiRequestOptions['query'];
  /** What the caller reads: text/csv for a download, text/event-stream for the server's signals. */
  accept: string;
  signal?: AbortSignal;
};

/**
 * A GET whose answer is not an envelope (a CSV file, the event stream), with the same token and merchant
 * headers as `apiRequest`. A failure envelope still surfaces as an ApiError; a success is the Response to read.
 */
export const apiFetch = async (path: string, options: RawRequestOptions): Promise<Response> => {
  const headers = buildHeaders('none');
  headers.set('Accept', options.accept);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      headers,
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError('NETWORK_ERROR', 'Network link is abnormal, please try again.', {}, { cause });
  }
  if (response.ok) return response;
  const failure = readFailure(await readJson(response));
  if (failure !== null) throw new ApiError(failure.code, failure.message || failure.code);
  throw new ApiError('NETWORK_ERROR', `Unexpected response (HTTP ${response.status}).`);
};
