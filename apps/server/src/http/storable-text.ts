import type { FieldIssue } from '@wps/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/**
 * Text PostgreSQL cannot store: the NUL character (refused in text, and as \u0000 in jsonb) and lone UTF-16
 * surrogates (no UTF-8 form: the driver would silently write U+FFFD in their place, and jsonb refuses them).
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isStorableText = (text: string): boolean =>
  !text.includes('\u0000') && !loneSurrogate.test(text);

const issue = (field: string): FieldIssue => ({
  field,
  message: 'contains a character that cannot be stored (NUL or a lone surrogate)',
});

/** The first string (or object key) in `value` that cannot be stored, named the way validation names fields. */
export const findUnstorableText = (value: unknown, field: string): FieldIssue | undefined => {
  if (typeof value === 'string') return isStorableText(value) ? undefined : issue(field);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, `${field}.${index.toString()}`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return issue(field);
      const found = findUnstorableText(item, `${field}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
};

/**
 * Every route, before its own validation: a NUL byte or a lone surrogate anywhere in the path parameters, the
 * query or the parsed body is VALIDATION_FAILED (400), so no such text reaches a query and comes back as a
 * database error (500). The error handler maps PostgreSQL's own character errors to 400 as well, for text
 * that arrives another way.
 */
export const refuseUnstorableText = (app: FastifyInstance): void => {
  app.addHook('preValidation', async (request) => {
    const found =
      findUnstorableText(request.params, 'params') ??
      findUnstorableText(request.query, 'querystring') ??
      findUnstorableText(request.body, 'body');
    if (found) throw new AppError('VALIDATION_FAILED', { issues: [found] });
  });
};
