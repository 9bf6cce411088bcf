import * as repository from '../bonuses.repository';
import type { BonusDependencies } from './bonus-types';
import { endBonus } from './end-bonus';

export const expireBonusesJobName = 'promotions.expire-bonuses';
const batchSize = 200;

/**
 * Ends every active bonus past its expiry, each in its own transaction with its row locked; one another
 * instance ended first is skipped (no longer active), so two runs at once end each bonus once.
 */
export const expireBonuses = async (deps: BonusDependencies): Promise<number> => {
  let ended = 0;
  for (;;) {
    const ids = await repository.listExpiredBonusIds(deps.db, deps.now(), batchSize);
    for (const id of ids) {
      const isEnded = await deps.db.transaction(async (tx) => {
        const bonus = await repository.lockBonus(tx, id);
        if (bonus?.status !== 'active' || bonus.expiresAt > deps.now()) return false;
        await endBonus(deps, tx, bonus, 'expired');
        return true;
      });
      if (isEnded) ended += 1;
    }
    if (ids.length < batchSize) return ended;
  }
};
