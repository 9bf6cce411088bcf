import type { Executor } from '../../../db/database';
import type { ValidBet } from '../../turnover/turnover.service';
import * as repository from '../bonuses.repository';
import type { BonusDependencies } from './bonus-types';
import { endBonus } from './end-bonus';

/**
 * A valid bet's contribution to the member's active bonus (the turnover path calls this once per bet, in the
 * bet's transaction): its product line's percent of the bet, nothing for a stake above the bonus's maximum.
 * Reaching the requirement turns what is left of the bonus into cash in the same transaction.
 */
export const followWagering = async (
  deps: Pick<BonusDependencies, 'ledger' | 'wallet' | 'now'>,
  tx: Executor,
  bet: ValidBet,
): Promise<void> => {
  const bonus = await repository.lockActiveBonus(tx, bet.memberId, bet.currency);
  if (!bonus || bonus.expiresAt <= deps.now()) return;
  const percent = bonus.contributions[bet.productLine] ?? 0;
  // A reversal (negative) of a stake above the maximum takes back nothing, as the stake counted nothing.
  const stake = bet.amount < 0n ? -bet.amount : bet.amount;
  if (percent <= 0 || (bonus.maxStake > 0n && stake > bonus.maxStake)) return;
  const counted = (bet.amount * BigInt(percent)) / 100n;
  if (counted === 0n) return;
  const updated = await repository.addWagering(tx, bonus.id, counted);
  if (updated.wageringDone >= updated.wageringRequired) await endBonus(deps, tx, updated, 'completed');
};
