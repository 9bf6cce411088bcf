import { failureEnvelopeSchema, type FieldIssue, type SuccessEnvelope } from '@wps/contracts/envelope';
import { errorMessages, type ErrorCode } from '@wps/contracts/errors';
import type { z } from 'zod';
import { readStaffToken, writeStaffToken } from './staff-token';

/** Failures that happen before the server could answer with one of its own codes. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'INVALID_RESPONSE';

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

/** What a screen shows for a failed call: the server's own message, or a plain fallback. */
export const describeError = (error: unknown): string => {
  if (!isApiError(error)) return 'Something went wrong. Please try again.';
  const details = error.issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ');
  return details ? `${error.message} (${details})` : error.message;
};

type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart (a file upload); the browser sets the content type with its boundary. */
  form?: FormData;
  signal?: AbortSignal;
};

/** Every call of the console is an operator call. */
export const operatorApiPath = '/wps/backoffice';

const buildUrl = (path: string, query: ApiRequestOptions['query']): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return `${operatorApiPath}${path}${search ? `?${search}` : ''}`;
};

const send = async (path: string, options: ApiRequestOptions, accept: string): Promise<Response> => {
  const headers = new Headers({ Accept: accept });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const token = readStaffToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.form ?? (options.body === undefined ? null : JSON.stringify(options.body)),
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError('NETWORK_ERROR', 'The server cannot be reached. Please try again.', [], { cause });
  }
};

const readJson = async (response: Response): Promise<unknown> => {
  try {
    return (await response.json()) as unknown;
  } catch (cause) {
    const code = response.ok ? 'INVALID_RESPONSE' : 'NETWORK_ERROR';
    throw new ApiError(code, `Unreadable response (HTTP ${response.status}).`, [], { cause });
  }
};

/** A failure envelope as an ApiError; an expired or revoked session also signs the console out. */
const toApiError = (answer: unknown): ApiError | null => {
  const failure = failureEnvelopeSchema.safeParse(answer);
  if (!failure.success) return null;
  const { code, message, value } = failure.data;
  if (code === 'UNAUTHORIZED' && readStaffToken() !== null) writeStaffToken(null);
  return new ApiError(code, message || errorMessages[code], value?.issues ?? []);
};

/** Calls an operator endpoint and answers the envelope's value, checked against the contract. */
export const apiRequest = async <S extends z.ZodType<SuccessEnvelope<unknown>>>(
  path: string,
  responseSchema: S,
  options: ApiRequestOptions = {},
): Promise<z.output<S>['value']> => {
  const answer = await readJson(await send(path, options, 'application/json'));
  const failure = toApiError(answer);
  if (failure) throw failure;
  const parsed = responseSchema.safeParse(answer);
  if (!parsed.success) {
    throw new ApiError('INVALID_RESPONSE', `Unexpected response from ${path}.`, [], { cause: parsed.error });
  }
  return parsed.data.value;
};

/** A file behind the staff guard (proof images), as a blob for an object URL. */
export const apiBlob = async (path: string, signal?: AbortSignal): Promise<Blob> => {
  const response = await send(path, signal ? { signal } : {}, 'image/*');
  if (response.ok) return response.blob();
  throw toApiError(await readJson(response)) ?? new ApiError('NETWORK_ERROR', `HTTP ${response.status}`);
};

/** `filename="…"` of a Content-Disposition header, when there is one. */
const fileNameOf = (disposition: string | null): string | null =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? null;

/**
 * A file made by an operator endpoint (a CSV export), fetched with the Authorization header (a plain link cannot
 * send it), with the file name the server gave it.
 */
export const apiDownload = async (
  path: string,
  query: Record<string, QueryValue>,
  accept = 'text/csv',
): Promise<{ blob: Blob; fileName: string | null }> => {
  const response = await send(path, { query }, accept);
  if (response.ok) {
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
  }
  throw toApiError(await readJson(response)) ?? new ApiError('NETWORK_ERROR', `HTTP ${response.status}`);
};
