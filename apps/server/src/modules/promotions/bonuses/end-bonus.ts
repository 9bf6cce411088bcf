import type { Executor } from '../../../db/database';
import * as repository from '../bonuses.repository';
import type { BonusRow } from '../bonuses.repository';
import { bonusAccountOf, cashAccountOf, promotionAccountOf } from './bonus-accounts';
import type { BonusDependencies } from './bonus-types';

/** How an active bonus ends: wagered (cash), out of time, given up, or played down to nothing. */
export type BonusEnd = 'completed' | 'expired' | 'forfeited' | 'lost';

/**
 * Ends a locked, active bonus: what is left in the bonus balance becomes cash when wagering is met, and returns
 * to the house otherwise, in one posting under the bonus's own key (so a retry cannot move it twice).
 */
export const endBonus = async (
  deps: Pick<BonusDependencies, 'ledger' | 'wallet' | 'now'>,
  tx: Executor,
  bonus: BonusRow,
  end: BonusEnd,
): Promise<BonusRow> => {
  const owner = { brandId: bonus.brandId, memberId: bonus.memberId, currency: bonus.currency };
  const bonusAccount = await bonusAccountOf(deps, owner, tx);
  const left = await deps.ledger.getBalance(bonusAccount.id, { executor: tx });
  let settleTransactionId: bigint | null = null;
  if (left > 0n) {
    const destination =
      end === 'completed' ? await cashAccountOf(deps, owner, tx) : await promotionAccountOf(deps, owner, tx);
    const posting = await deps.ledger.post(
      {
        brandId: bonus.brandId,
        idempotencyKey: `bonus-end:${bonus.id}`,
        kind: end === 'completed' ? 'bonus.convert' : 'bonus.forfeit',
        reference: `bonus:${bonus.id}`,
        memo: end,
        legs: [
          { accountId: bonusAccount.id, amount: -left },
          { accountId: destination.id, amount: left },
        ],
      },
      { executor: tx },
    );
    settleTransactionId = posting.transactionId;
  }
  return repository.markBonusEnded(tx, bonus.id, {
    status: end,
    settledAmount: left,
    settleTransactionId,
    endedAt: deps.now(),
  });
};
