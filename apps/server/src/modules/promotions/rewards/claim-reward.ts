import type { Reward } from '@wps/contracts/promotions';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import * as repository from '../rewards.repository';
import type { RewardRow } from '../rewards.repository';
import type { RewardDependencies, RewardOwner } from './reward-types';
import { toReward } from './reward-views';

/** The reward's one ledger key: a single claim and claim-all pay it under the same key. */
export const rewardKey = (id: bigint): string => `reward:${id}`;

const isClaimable = (row: RewardRow, now: Date): boolean =>
  row.status === 'claimable' && (row.expiresAt === null || row.expiresAt > now);

/**
 * Pays a locked, claimable reward: promotion → member cash under `reward:<id>`, its turnover requirement, and
 * the row marked claimed with the posting, all in the caller's transaction.
 */
const payReward = async (deps: RewardDependencies, tx: Executor, row: RewardRow): Promise<RewardRow> => {
  const owner = { id: row.memberId, brandId: row.brandId };
  const promotion = await deps.ledger.ensureSystemAccount(row.brandId, 'promotion', row.currency, '', {
    executor: tx,
  });
  const cash = await deps.wallet.cashAccount(owner, row.currency, tx);
  const posting = await deps.ledger.post(
    {
      brandId: row.brandId,
      idempotencyKey: rewardKey(row.id),
      kind: 'bonus.reward',
      reference: rewardKey(row.id),
      memo: row.title,
      legs: [
        { accountId: promotion.id, amount: -row.amount },
        { accountId: cash.id, amount: row.amount },
      ],
    },
    { executor: tx },
  );
  if (row.turnoverRequired > 0n) {
    await deps.turnover.addRequirement(tx, {
      brandId: row.brandId,
      memberId: row.memberId,
      currency: row.currency,
      amount: row.turnoverRequired,
      reference: rewardKey(row.id),
      source: 'bonus',
    });
  }
  return repository.markRewardClaimed(tx, row.id, {
    claimedAt: deps.now(),
    ledgerTransactionId: posting.transactionId,
  });
};

/**
 * Player protection: while the member is in a time-out or self-exclusion no reward is paid (missions, VIP,
 * referral, cashback, raffle and granted rewards alike all come through here); it waits, or expires.
 */
const refuseWhilePlayBlocked = async (deps: RewardDependencies, tx: Executor, memberId: bigint) => {
  if (await deps.isPlayBlocked(memberId, tx)) throw new AppError('PLAYER_EXCLUDED');
};

/**
 * The member claims one reward. The row is locked first, so of concurrent claims one pays and the others find
 * it claimed (REWARD_NOT_CLAIMABLE); an expired one is refused the same way. The balance signal follows the
 * commit.
 */
export const claimReward = async (
  deps: RewardDependencies,
  owner: RewardOwner,
  id: bigint,
): Promise<Reward> => {
  const claimed = await deps.db.transaction(async (tx) => {
    await refuseWhilePlayBlocked(deps, tx, owner.memberId);
    const row = await repository.lockMemberReward(tx, owner.memberId, id);
    if (!row) throw new AppError('NOT_FOUND');
    if (!isClaimable(row, deps.now())) throw new AppError('REWARD_NOT_CLAIMABLE');
    return payReward(deps, tx, row);
  });
  deps.wallet.notifyBalance(owner.memberId);
  return toReward(deps, claimed);
};

/** The member claims every claimable reward at once (NOTHING_TO_CLAIM when there is none). */
export const claimAllRewards = async (
  deps: RewardDependencies,
  owner: RewardOwner,
): Promise<{ claimed: Reward[]; total: string }> => {
  const claimed = await deps.db.transaction(async (tx) => {
    await refuseWhilePlayBlocked(deps, tx, owner.memberId);
    const rows = await repository.lockClaimableRewards(tx, owner.memberId, deps.now());
    if (rows.length === 0) throw new AppError('NOTHING_TO_CLAIM');
    const paid: RewardRow[] = [];
    for (const row of rows) paid.push(await payReward(deps, tx, row));
    return paid;
  });
  deps.wallet.notifyBalance(owner.memberId);
  const total = claimed.reduce((sum, row) => sum + row.amount, 0n);
  return {
    claimed: await Promise.all(claimed.map((row) => toReward(deps, row))),
    total: await deps.wallet.formatAmount(total, owner.currency),
  };
};
