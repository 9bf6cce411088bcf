import { recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../bonuses.repository';
import type { BonusDependencies } from './bonus-types';
import { endBonus } from './end-bonus';

export const expireBonusesJobName = 'promotions.expire-bonuses';
const batchSize = 200;

/**
 * Ends every active bonus past its expiry, each in its own transaction with its row locked; one another
 * instance ended first is skipped (no longer active), so two runs at once end each bonus once. Each is audited.
 */
export const expireBonuses = async (deps: BonusDependencies): Promise<number> => {
  let ended = 0;
  for (;;) {
    const ids = await repository.listExpiredBonusIds(deps.db, deps.now(), batchSize);
    for (const id of ids) {
      const isEnded = await deps.db.transaction(async (tx) => {
        const bonus = await repository.lockBonus(tx, id);
        if (bonus?.status !== 'active' || bonus.expiresAt > deps.now()) return false;
        const ended = await endBonus(deps, tx, bonus, 'expired');
        // What was left returns to the house: the platform's own action, audited with the money it took back.
        await recordAuditEvent(tx, {
          actor: { type: 'system', id: expireBonusesJobName },
          action: 'promotions.bonus.expire',
          entityType: 'member_bonus',
          entityId: bonus.id.toString(),
          before: { status: bonus.status, memberId: bonus.memberId.toString(), currency: bonus.currency },
          after: {
            status: ended.status,
            returnedAmount: ended.settledAmount?.toString() ?? null,
            ledgerTransactionId: ended.settleTransactionId?.toString() ?? null,
          },
        });
        return true;
      });
      if (isEnded) ended += 1;
    }
    if (ids.length < batchSize) return ended;
  }
};
