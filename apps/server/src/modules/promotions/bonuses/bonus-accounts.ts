import type { Executor } from '../../../db/database';
import type { BonusDependencies, BonusOwner } from './bonus-types';

/** The member's bonus balance (one per currency, shared by their bonuses one after another). */
export const bonusAccountOf = (
  { ledger }: Pick<BonusDependencies, 'ledger'>,
  owner: BonusOwner,
  tx: Executor,
) =>
  ledger.ensureMemberAccount(owner.brandId, owner.memberId, owner.currency, 'member_bonus', { executor: tx });

/** Where bonus money comes from and returns to. */
export const promotionAccountOf = (
  { ledger }: Pick<BonusDependencies, 'ledger'>,
  owner: Pick<BonusOwner, 'brandId' | 'currency'>,
  tx: Executor,
) => ledger.ensureSystemAccount(owner.brandId, 'promotion', owner.currency, '', { executor: tx });

export const cashAccountOf = (
  { wallet }: Pick<BonusDependencies, 'wallet'>,
  owner: BonusOwner,
  tx: Executor,
) => wallet.cashAccount({ id: owner.memberId, brandId: owner.brandId }, owner.currency, tx);
