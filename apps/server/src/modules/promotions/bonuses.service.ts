import { LRUCache } from 'lru-cache';
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
export const createBonusService = (deps: BonusDependencies) => {
  /**
   * The bonus balance each member's vendor answers show beside their cash, kept a second: bets that cash covers
   * (the common case) do not change it, and every change on this instance forgets it at once.
   */
  const bonusBalances = new LRUCache<string, bigint>({ max: 100_000, ttl: 1_000 });
  const keyOf = (owner: { memberId: bigint; currency: string }) => `${owner.memberId}:${owner.currency}`;
  const forget = <T>(owner: { memberId: bigint; currency: string }, result: T): T => {
    bonusBalances.delete(keyOf(owner));
    return result;
  };
  const activeBalance = async (owner: BonusOwner, executor: Executor): Promise<bigint> =>
    (await repository.findActiveBonus(executor, owner.memberId, owner.currency))
      ? bonusBalance(deps, owner, executor)
      : 0n;

  return {
    grant: async (tx: Executor, grant: BonusGrant) => forget(grant, await grantBonus(deps, tx, grant)),
    followWagering: async (tx: Executor, bet: ValidBet) => {
      await followWagering(deps, tx, bet);
      bonusBalances.delete(keyOf(bet));
    },
    /** Which of the members have an active bonus (`<memberId>:<currency>`), in one read. */
    activeBonusOwners: (tx: Executor, memberIds: readonly bigint[]): Promise<Set<string>> =>
      repository.findActiveBonusOwners(tx, memberIds),
    /** `followWagering` for many bets: one read finds the few members with an active bonus. */
    followWageringOf: async (tx: Executor, bets: readonly ValidBet[]) => {
      const owners = await repository.findActiveBonusOwners(tx, [
        ...new Set(bets.map((bet) => bet.memberId)),
      ]);
      for (const bet of bets) {
        if (!owners.has(keyOf(bet))) continue;
        await followWagering(deps, tx, bet);
        bonusBalances.delete(keyOf(bet));
      }
    },
    splitStake: async (tx: Executor, owner: BonusOwner, cashAccountId: bigint, amount: bigint) =>
      forget(owner, await splitStake(deps, tx, owner, cashAccountId, amount)),
    splitWin: async (tx: Executor, owner: BonusOwner, cashAccountId: bigint, share: WinShare) =>
      forget(owner, await splitWin(deps, tx, owner, cashAccountId, share)),
    playableBalance: (tx: Executor, owner: BonusOwner, cash: bigint) =>
      playableBalance(deps, tx, owner, cash),
    /** The active bonus's balance (0 without one), up to a second old: for answers, never for decisions. */
    cachedBalance: async (owner: BonusOwner): Promise<bigint> => {
      const cached = bonusBalances.get(keyOf(owner));
      if (cached !== undefined) return cached;
      const balance = await activeBalance(owner, deps.db);
      bonusBalances.set(keyOf(owner), balance);
      return balance;
    },
    /** The active bonus's balance (0 without one), read now in `executor`. */
    activeBalance,
    forfeitForWithdrawal: async (tx: Executor, owner: BonusOwner, isConfirmed: boolean) =>
      forget(owner, await forfeitBonusForWithdrawal(deps, tx, owner, isConfirmed)),
    /** Staff end a member's bonus by hand (forfeited: what is left returns to the house). */
    forfeit: async (owner: BonusOwner) =>
      forget(
        owner,
        await deps.db.transaction(async (tx) => {
          const active = await repository.lockActiveBonus(tx, owner.memberId, owner.currency);
          return active ? endBonus(deps, tx, active, 'forfeited') : null;
        }),
      ),
    findActive: (owner: BonusOwner, executor: Executor = deps.db) =>
      repository.findActiveBonus(executor, owner.memberId, owner.currency),
    list: (owner: BonusOwner) => listBonuses(deps, owner),
    balance: (owner: BonusOwner) => bonusBalance(deps, owner, deps.db),
    expire: () => expireBonuses(deps),
  };
};

export type BonusService = ReturnType<typeof createBonusService>;
