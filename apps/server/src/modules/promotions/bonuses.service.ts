import type { Executor } from '../../db/database';
import type { ValidBet } from '../turnover/turnover.service';
import type { BonusDependencies, BonusGrant, BonusOwner } from './bonuses/bonus-types';
import { bonusBalance, listBonuses } from './bonuses/bonus-views';
import { endBonus } from './bonuses/end-bonus';
import { expireBonuses } from './bonuses/expire-bonuses';
import { followWagering } from './bonuses/follow-wagering';
import { forfeitBonusForWithdrawal } from './bonuses/forfeit-bonus';
import { grantBonus } from './bonuses/grant-bonus';
import { playableBalance, splitStake, splitWin, type WinShare } from './bonuses/stake-split';
import * as repository from './bonuses.repository';

export type { BonusGrant, BonusOwner, WageringTerms } from './bonuses/bonus-types';
export type { BonusRow } from './bonuses.repository';
export type { StakeSplit, WinShare } from './bonuses/stake-split';
export { expireBonusesJobName } from './bonuses/expire-bonuses';

/**
 * The bonus engine: a wagering bonus is money in the member's bonus balance (ledger kind `member_bonus`),
 * staked after their cash, that becomes cash when its wagering is met and returns to the house when it expires
 * or is forfeited. Every step is a ledger posting under the bonus's own key. Product lines stake through
 * `splitStake` and pay through `splitWin`; wagering follows the turnover path (`followWagering`).
 */
export const createBonusService = (deps: BonusDependencies) => ({
  grant: (tx: Executor, grant: BonusGrant) => grantBonus(deps, tx, grant),
  followWagering: (tx: Executor, bet: ValidBet) => followWagering(deps, tx, bet),
  splitStake: (tx: Executor, owner: BonusOwner, cashAccountId: bigint, amount: bigint) =>
    splitStake(deps, tx, owner, cashAccountId, amount),
  splitWin: (tx: Executor, owner: BonusOwner, cashAccountId: bigint, share: WinShare) =>
    splitWin(deps, tx, owner, cashAccountId, share),
  playableBalance: (tx: Executor, owner: BonusOwner, cash: bigint) => playableBalance(deps, tx, owner, cash),
  forfeitForWithdrawal: (tx: Executor, owner: BonusOwner, isConfirmed: boolean) =>
    forfeitBonusForWithdrawal(deps, tx, owner, isConfirmed),
  /** Staff end a member's bonus by hand (forfeited: what is left returns to the house). */
  forfeit: async (owner: BonusOwner) =>
    deps.db.transaction(async (tx) => {
      const active = await repository.lockActiveBonus(tx, owner.memberId, owner.currency);
      return active ? endBonus(deps, tx, active, 'forfeited') : null;
    }),
  findActive: (owner: BonusOwner, executor: Executor = deps.db) =>
    repository.findActiveBonus(executor, owner.memberId, owner.currency),
  list: (owner: BonusOwner) => listBonuses(deps, owner),
  balance: (owner: BonusOwner) => bonusBalance(deps, owner),
  expire: () => expireBonuses(deps),
});

export type BonusService = ReturnType<typeof createBonusService>;
