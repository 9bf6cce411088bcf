import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import * as repository from '../bonuses.repository';
import type { BonusRow } from '../bonuses.repository';
import type { BonusDependencies, BonusOwner } from './bonus-types';
import { endBonus } from './end-bonus';
import { lockMemberBonuses } from './grant-bonus';

/**
 * Before a withdrawal, in its transaction: an active bonus is forfeited (what is left returns to the house)
 * when the member confirmed the warning, and refuses the withdrawal (BONUS_FORFEIT_REQUIRED) when not.
 */
export const forfeitBonusForWithdrawal = async (
  deps: Pick<BonusDependencies, 'ledger' | 'wallet' | 'now'>,
  tx: Executor,
  owner: BonusOwner,
  isConfirmed: boolean,
): Promise<BonusRow | null> => {
  await lockMemberBonuses(tx, owner.memberId);
  const active = await repository.lockActiveBonus(tx, owner.memberId, owner.currency);
  if (!active) return null;
  if (!isConfirmed) throw new AppError('BONUS_FORFEIT_REQUIRED');
  return endBonus(deps, tx, active, 'forfeited');
};
