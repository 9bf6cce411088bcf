import { type ErrorCode, errorHttpStatus } from '@wps/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';
import { failure } from './envelope';
import { playRefusalOf } from '../lib/play-refusal';

/** Fastify's own error codes that are the client's fault, mapped to ours. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_JSON',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

const isFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error && typeof (error as Partial<FastifyError>).code === 'string';

/**
 * PostgreSQL's "this text cannot be stored" errors (22021 character_not_in_repertoire: a NUL byte; 22P05
 * untranslatable_character: \u0000 in jsonb), found on the error or its causes (drizzle wraps them). The
 * request was at fault: text that the storable-text hook did not see (a header, a file's fields).
 */
const unstorableTextCodes = new Set(['22021', '22P05']);
const isUnstorableTextError = (error: unknown, depth = 0): boolean =>
  error instanceof Error &&
  depth < 5 &&
  (unstorableTextCodes.has(String((error as Error & { code?: unknown }).code)) ||
    isUnstorableTextError(error.cause, depth + 1));

/**
 * The one place errors become answers: every failure is the spec's envelope with a stable code. Messages of
 * unexpected errors never reach the client (no stack traces, no SQL); they are logged with the request id.
 */
export const registerErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        field: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'invalid',
      }));
      return reply.code(400).send(failure('VALIDATION_FAILED', undefined, issues));
    }
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .send(failure(error.code, error.message, error.issues, error.details));
    }
    if (isFastifyError(error)) {
      const code = fastifyCodes[error.code];
      if (code) return reply.code(error.statusCode ?? 400).send(failure(code));
      if (error.statusCode === 429) return reply.code(429).send(failure('RATE_LIMITED'));
    }
    // A stake refused by player protection in a path that did not translate it (a batch's own statement).
    const refusal = playRefusalOf(error);
    if (refusal) return reply.code(errorHttpStatus[refusal]).send(failure(refusal));
    if (isUnstorableTextError(error)) {
      return reply.code(400).send(
        failure('VALIDATION_FAILED', undefined, [
          {
            field: 'request',
            message: 'contains a character that cannot be stored (NUL or a lone surrogate)',
          },
        ]),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure('INTERNAL_ERROR'));
  });
};
