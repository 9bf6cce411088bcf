import { createHash, timingSafeEqual } from 'node:crypto';

/** Attempts are kept by the hash of their `state`, so a read of the table cannot complete one. */
export const hashState = (state: string): string => createHash('sha256').update(state).digest('hex');

/** Compares a state or a secret in constant time. */
export const isSameText = (left: string, right: string): boolean => {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
};
