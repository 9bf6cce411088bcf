import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/** Headers and cookies that must never be written to the logs. */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/**
 * The request as logged: its path without the query string, which can carry tokens (social sign-in hands the
 * session token over as `/?token=…`), codes, or search terms that are personal data.
 */
export const serializeRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: request.url.split('?')[0],
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket.remotePort,
});

type QueryError = Error & { query: string; params: unknown[] };

const isQueryError = (error: unknown): error is QueryError =>
  error instanceof Error &&
  typeof (error as Partial<QueryError>).query === 'string' &&
  Array.isArray((error as Partial<QueryError>).params);

/**
 * What must not reach the log in an error's chain, with what stands in its place: the values a failed query
 * was bound to (drizzle appends them to its message: password hashes, tokens, names, …), and the value
 * PostgreSQL quotes at the end of a message such as `invalid input syntax for type integer: "…"`.
 */
const secretTexts = (error: unknown, seen = new Set<unknown>()): [string, string][] => {
  if (!(error instanceof Error) || seen.has(error)) return [];
  seen.add(error);
  const own: [string, string][] = [];
  if (isQueryError(error)) own.push([`\nparams: ${error.params.join(',')}`, '']);
  const quoted = /: ".*"$/s.exec(error.message);
  if (quoted) own.push([quoted[0], ': "[value]"']);
  return [...own, ...secretTexts(error.cause, seen)];
};

const withoutSecrets = (text: string, secrets: readonly [string, string][]): string =>
  secrets.reduce((result, [secret, replacement]) => result.split(secret).join(replacement), text);

/**
 * Errors as logged: pino's usual fields (type, message and stack with their causes), except that a failed
 * query keeps its SQL but never its bound values (drizzle puts them in the message and in `params`), and
 * a database message never the value it quotes.
 */
export const serializeError = (
  error: Error,
): { [key: string]: unknown; type: string; message: string; stack: string } => {
  const serialized = stdSerializers.err(error);
  const secrets = secretTexts(error);
  if (secrets.length === 0) return serialized;
  const { params: _params, ...rest } = serialized;
  return {
    ...rest,
    type: serialized.type,
    message: withoutSecrets(serialized.message, secrets),
    stack: withoutSecrets(serialized.stack, secrets),
  };
};
