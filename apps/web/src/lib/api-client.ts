import { failureEnvelopeSchema, type FieldIssue, type SuccessEnvelope } from '@wps/contracts/envelope';
import { errorMessages, type ErrorCode } from '@wps/contracts/errors';
import { merchantHeader } from '@wps/contracts/site';
import type { z } from 'zod';
import { readMerchantCode, readSessionToken } from './storage';

/** Failures that happen before the server could answer with one of its own codes. */
export const clientErrorCodes = ['NETWORK_ERROR', 'INVALID_RESPONSE'] as const;
export type ClientErrorCode = (typeof clientErrorCodes)[number];
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly issues: readonly FieldIssue[] = [],
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
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

const buildHeaders = (hasBody: boolean): Headers => {
  const headers = new Headers({ Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
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
    throw new ApiError(code, `Unreadable response (HTTP ${response.status}).`, [], { cause });
  }
};

/**
 * Calls a `/wps` endpoint and returns the envelope's `value`, checked against the contract's response
 * schema. Every failure surfaces as an `ApiError` so screens can show `errors.<code>`.
 */
export const apiRequest = async <S extends z.ZodType<SuccessEnvelope<unknown>>>(
  path: string,
  responseSchema: S,
  options: ApiRequestOptions = {},
): Promise<z.output<S>['value']> => {
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers: buildHeaders(hasBody),
      body: hasBody ? JSON.stringify(options.body) : null,
      signal: options.signal ?? null,
    });
  } catch (cause) {
    // Cancellation is the caller's own doing (TanStack Query aborts stale requests); let it through as is.
    if (options.signal?.aborted) throw cause;
    throw new ApiError('NETWORK_ERROR', 'Network link is abnormal, please try again.', [], { cause });
  }

  const body = await readJson(response);
  const failure = failureEnvelopeSchema.safeParse(body);
  if (failure.success) {
    const { code, message, value } = failure.data;
    throw new ApiError(code, message || errorMessages[code], value?.issues ?? []);
  }
  const parsed = responseSchema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError('INVALID_RESPONSE', `Unexpected response from ${path}.`, [], { cause: parsed.error });
  }
  return parsed.data.value;
};
