import { checkViolation, findDatabaseError } from '../db/database-errors';

/**
 * The database's refusal of a stake by player protection (migration 0063: a rule on the ledger's entries), as
 * the error code a caller answers with; undefined for any other error. Every path that writes a stake, alone or
 * in a batch, meets it the way it meets an overdraft.
 */
export const playRefusalOf = (error: unknown): 'PLAYER_LIMIT_REACHED' | 'PLAYER_EXCLUDED' | undefined => {
  const found = findDatabaseError(error);
  if (found?.code !== checkViolation) return undefined;
  if (found.constraint === 'member_play_limit') return 'PLAYER_LIMIT_REACHED';
  if (found.constraint === 'member_play_excluded') return 'PLAYER_EXCLUDED';
  return undefined;
};
