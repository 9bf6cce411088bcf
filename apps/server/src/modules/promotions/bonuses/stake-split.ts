import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import type { LedgerLeg } from '../../wallet/ledger.service';
import * as repository from '../bonuses.repository';
import { bonusAccountOf, promotionAccountOf } from './bonus-accounts';
import type { BonusDependencies, BonusOwner } from './bonus-types';

/** The member's side of a stake: real money first, bonus money for what the cash does not cover. */
export type StakeSplit = { legs: LedgerLeg[]; bonusStaked: bigint };

/**
 * Splits a stake of `amount` between the member's cash and bonus balance, in the bet's transaction, before its
 * posting. The balances read here may move before the posting locks them; the ledger then refuses the
 * overdraft (INSUFFICIENT_FUNDS), so the split can be stale but never spends money that is not there. While a
 * bonus is active a stake above its maximum is refused (BONUS_MAX_STAKE). The active bonus's row is locked here,
 * before the posting locks the balances: its wagering (and a completion) locks it later in the bet's transaction,
 * and grants, forfeits, withdrawals and the expiry job lock it before the balances, so taking it first keeps one
 * order (bonus row, then balances) and a bet cannot deadlock with them.
 */
export const splitStake = async (
  deps: Pick<BonusDependencies, 'ledger'>,
  tx: Executor,
  owner: BonusOwner,
  cashAccountId: bigint,
  amount: bigint,
): Promise<StakeSplit> => {
  const cashOnly = { legs: [{ accountId: cashAccountId, amount: -amount }], bonusStaked: 0n };
  const bonus = await repository.lockActiveBonus(tx, owner.memberId, owner.currency);
  if (!bonus) return cashOnly;
  if (bonus.maxStake > 0n && amount > bonus.maxStake) throw new AppError('BONUS_MAX_STAKE');
  const cash = await deps.ledger.getBalance(cashAccountId, { executor: tx });
  const fromCash = cash >= amount ? amount : cash > 0n ? cash : 0n;
  const fromBonus = amount - fromCash;
  if (fromBonus === 0n) return cashOnly;
  const bonusAccount = await bonusAccountOf(deps, owner, tx);
  const legs = [{ accountId: bonusAccount.id, amount: -fromBonus }];
  if (fromCash > 0n) legs.unshift({ accountId: cashAccountId, amount: -fromCash });
  return { legs, bonusStaked: fromBonus };
};

/** A round's money as a win is split: the stake, the part of it that was bonus money, and the win. */
export type WinShare = { stake: bigint; bonusStaked: bigint; win: bigint };

/**
 * The member's side of a win: the share staked with bonus money (`win × bonusStaked / stake`, rounded down)
 * goes back to the bonus balance while the bonus is active, to cash when the bonus has since been wagered, and
 * to the house when it expired or was given up; the rest is cash.
 */
export const splitWin = async (
  deps: Pick<BonusDependencies, 'ledger'>,
  tx: Executor,
  owner: BonusOwner,
  cashAccountId: bigint,
  { stake, bonusStaked, win }: WinShare,
): Promise<LedgerLeg[]> => {
  if (win <= 0n) return [];
  const toBonus = bonusStaked > 0n && stake > 0n ? (win * bonusStaked) / stake : 0n;
  if (toBonus === 0n) return [{ accountId: cashAccountId, amount: win }];
  const latest = await repository.findLatestBonus(tx, owner.memberId, owner.currency);
  if (latest?.status === 'completed' || !latest) return [{ accountId: cashAccountId, amount: win }];
  const destination =
    latest.status === 'active'
      ? await bonusAccountOf(deps, owner, tx)
      : await promotionAccountOf(deps, owner, tx);
  const legs = [{ accountId: destination.id, amount: toBonus }];
  if (win > toBonus) legs.unshift({ accountId: cashAccountId, amount: win - toBonus });
  return legs;
};

/** What the member may stake in `currency`: cash and, while a bonus is active, the bonus balance. */
export const playableBalance = async (
  deps: Pick<BonusDependencies, 'ledger'>,
  tx: Executor,
  owner: BonusOwner,
  cash: bigint,
): Promise<bigint> => {
  const bonus = await repository.findActiveBonus(tx, owner.memberId, owner.currency);
  if (!bonus) return cash;
  const bonusAccount = await bonusAccountOf(deps, owner, tx);
  return cash + (await deps.ledger.getBalance(bonusAccount.id, { executor: tx }));
};
