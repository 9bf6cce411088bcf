import type { Transaction } from '../../../db/database';
import type { HouseGame } from '../../games/house-rounds.service';
import type { FishingContext, FishingMember } from './fishing-context';
import type { FishingSessionRow } from './fishing.repository';

export type BatchMoney = {
  member: FishingMember;
  session: FishingSessionRow;
  batchId: string;
  game: HouseGame;
  cashAccountId: bigint;
  staked: bigint;
  won: bigint;
};

/**
 * The batch's money in its transaction: one bet posting of every fired shot's cost (cash first, then bonus
 * money) and, when a fish died, one win posting of the payouts (the share staked with bonus money back to the
 * bonus balance), under `fishing:<session>:<batch>:bet|win`, on the same house shard.
 */
export const postBatchMoney = async (
  { ledger, bonuses }: Pick<FishingContext, 'ledger' | 'bonuses'>,
  tx: Transaction,
  { member, session, batchId, game, cashAccountId, staked, won }: BatchMoney,
): Promise<{ betTransactionId: bigint; winTransactionId: bigint | null }> => {
  const owner = { brandId: member.brandId, memberId: member.id, currency: session.currency };
  const house = await ledger.ensureSystemAccount(member.brandId, 'house', session.currency, '', {
    executor: tx,
  });
  const key = `fishing:${session.id}:${batchId}`;
  const common = {
    brandId: member.brandId,
    reference: `fishing:${session.id}`,
    productLine: game.productLine,
    shardKey: key,
  };
  const stake = await bonuses.splitStake(tx, owner, cashAccountId, staked);
  const bet = await ledger.post(
    {
      ...common,
      idempotencyKey: `${key}:bet`,
      kind: 'bet',
      legs: [...stake.legs, { accountId: house.id, amount: staked }],
    },
    { executor: tx },
  );
  if (won === 0n) return { betTransactionId: bet.transactionId, winTransactionId: null };
  const winLegs = await bonuses.splitWin(tx, owner, cashAccountId, {
    stake: staked,
    bonusStaked: stake.bonusStaked,
    win: won,
  });
  const win = await ledger.post(
    {
      ...common,
      idempotencyKey: `${key}:win`,
      kind: 'win',
      legs: [{ accountId: house.id, amount: -won }, ...winLegs],
    },
    { executor: tx },
  );
  return { betTransactionId: bet.transactionId, winTransactionId: win.transactionId };
};
