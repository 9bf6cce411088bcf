import type { Executor } from '../../../db/database';
import type { PromotionGameDependencies } from './game-types';

export type CashPrize = {
  brandId: bigint;
  memberId: bigint;
  currency: string;
  amount: bigint;
  /** The ledger's idempotency key and the turnover event's reference: one payment per key. */
  key: string;
  memo: string;
  /** What the member must bet before withdrawing it. */
  turnoverRequired: bigint;
};

/** A reward's share of turnover: `percent` of its amount. */
export const turnoverOf = (amount: bigint, percent: number): bigint => (amount * BigInt(percent)) / 100n;

/**
 * Pays a promotion's cash prize (a red envelope packet, a raffle prize) in the caller's transaction: promotion
 * → member cash under the prize's key (the reward centre's `reward:<id>` for a reward waiting there), and its
 * turnover added to the member's requirement under the same reference. Answers the ledger transaction.
 */
export const payPrize = async (
  { ledger, wallet, turnover }: Pick<PromotionGameDependencies, 'ledger' | 'wallet' | 'turnover'>,
  tx: Executor,
  prize: CashPrize,
): Promise<bigint> => {
  const promotion = await ledger.ensureSystemAccount(prize.brandId, 'promotion', prize.currency, '', {
    executor: tx,
  });
  const cash = await wallet.cashAccount({ id: prize.memberId, brandId: prize.brandId }, prize.currency, tx);
  const posting = await ledger.post(
    {
      brandId: prize.brandId,
      idempotencyKey: prize.key,
      kind: 'bonus.reward',
      reference: prize.key,
      memo: prize.memo,
      legs: [
        { accountId: promotion.id, amount: -prize.amount },
        { accountId: cash.id, amount: prize.amount },
      ],
    },
    { executor: tx },
  );
  if (prize.turnoverRequired > 0n) {
    await turnover.addRequirement(tx, {
      brandId: prize.brandId,
      memberId: prize.memberId,
      currency: prize.currency,
      amount: prize.turnoverRequired,
      source: 'bonus',
      reference: prize.key,
    });
  }
  return posting.transactionId;
};
