/** SQLSTATE codes the domains act on. */
export const uniqueViolation = '23505';
export const checkViolation = '23514';

export type DatabaseErrorFields = { code: string; constraint: string | undefined };

/**
 * The driver's error behind Drizzle's wrapper (node-postgres and PGlite both carry the SQLSTATE and the
 * constraint, a few `cause`s down), or undefined when the error did not come from the database.
 */
export const findDatabaseError = (error: unknown): DatabaseErrorFields | undefined => {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const fields = current as Error & { code?: unknown; constraint?: unknown };
    if (typeof fields.code === 'string' && fields.code.length === 5) {
      return {
        code: fields.code,
        constraint: typeof fields.constraint === 'string' ? fields.constraint : undefined,
      };
    }
    current = current.cause;
  }
  return undefined;
};

/** The database refused a write with this SQLSTATE (and, when given, on this constraint). */
export const isDatabaseError = (error: unknown, code: string, constraint?: string): boolean => {
  const found = findDatabaseError(error);
  return found?.code === code && (constraint === undefined || found.constraint === constraint);
};
