import { describe, expect, it } from 'vitest';
import { findDatabaseError, isDatabaseError, uniqueViolation } from './database-errors';

const driverError = (code: string, constraint?: string) =>
  Object.assign(new Error('duplicate key'), { code, ...(constraint ? { constraint } : {}) });

describe('database errors', () => {
  it("finds the driver's SQLSTATE and constraint behind wrappers", () => {
    const wrapped = new Error('query failed', {
      cause: new Error('inner', { cause: driverError('23505', 'a_key') }),
    });
    expect(findDatabaseError(wrapped)).toEqual({ code: '23505', constraint: 'a_key' });
    expect(isDatabaseError(wrapped, uniqueViolation)).toBe(true);
    expect(isDatabaseError(wrapped, uniqueViolation, 'a_key')).toBe(true);
    expect(isDatabaseError(wrapped, uniqueViolation, 'other_key')).toBe(false);
  });

  it('answers nothing for errors that did not come from the database', () => {
    expect(findDatabaseError(new Error('plain'))).toBeUndefined();
    expect(findDatabaseError(Object.assign(new Error('node'), { code: 'ECONNRESET' }))).toBeUndefined();
    expect(findDatabaseError('text')).toBeUndefined();
    expect(isDatabaseError(new Error('plain'), uniqueViolation)).toBe(false);
  });
});
