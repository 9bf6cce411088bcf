import type { CrashMyBet } from '@wps/contracts/crash';
import * as repository from '../crash.repository';
import type { CrashContext, CrashMember } from '../crash.service';
import { toMyBet } from './crash-views';

/** The member's bet on the latest round, if any. */
export const currentBet = async (
  deps: Pick<CrashContext, 'db' | 'wallet'>,
  member: CrashMember,
): Promise<CrashMyBet | null> => {
  const round = await repository.findLatestRound(deps.db);
  const bet = round ? await repository.findMemberBet(deps.db, round.id, member.id) : undefined;
  return bet ? toMyBet(deps, bet) : null;
};
