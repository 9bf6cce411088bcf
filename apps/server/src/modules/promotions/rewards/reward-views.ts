import type { Reward } from '@wps/contracts/promotions';
import type { RewardRow } from '../rewards.repository';
import type { RewardDependencies } from './reward-types';

/** A reward row as the member sees it. */
export const toReward = async (
  { wallet }: Pick<RewardDependencies, 'wallet'>,
  row: RewardRow,
): Promise<Reward> => ({
  id: row.id.toString(),
  source: row.source as Reward['source'],
  title: row.title,
  amount: await wallet.formatAmount(row.amount, row.currency),
  status: row.status as Reward['status'],
  expiresAt: row.expiresAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  claimedAt: row.claimedAt?.toISOString() ?? null,
});
