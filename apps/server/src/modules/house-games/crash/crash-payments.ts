import { formatMultiplier, payoutOf } from '@wps/contracts/crash';
import type { Executor } from '../../../db/database';
import * as repository from '../crash.repository';
import type { BetRow } from '../crash.repository';
import type { CrashContext } from '../crash.service';
import { productLineOf } from './crash-game';

/** Money inside a transaction: what the ledger posts for a crash bet's cash-out or refund. */
export type CrashPaymentDependencies = Pick<CrashContext, 'ledger' | 'wallet' | 'catalogue'>;

export const houseAccount = (
  { ledger }: Pick<CrashContext, 'ledger'>,
  brandId: bigint,
  currency: string,
  executor: Executor,
) => ledger.ensureSystemAccount(brandId, 'house', currency, '', { executor });

/** Pays a placed bet at `multiplier`, once; answers the bet, or undefined when it was no longer placed. */
export const payCashOut = async (
  deps: CrashPaymentDependencies,
  tx: Executor,
  bet: BetRow,
  multiplier: bigint,
  at: Date,
): Promise<BetRow | undefined> => {
  const payout = payoutOf(bet.amount, multiplier);
  const cashed = await repository.markBetCashed(tx, bet.id, multiplier, payout, at);
  if (!cashed) return undefined;
  const cash = await deps.wallet.cashAccount({ id: bet.memberId, brandId: bet.brandId }, bet.currency, tx);
  const house = await houseAccount(deps, bet.brandId, bet.currency, tx);
  const posting = await deps.ledger.post(
    {
      brandId: bet.brandId,
      idempotencyKey: `crash:cashout:${bet.id}`,
      kind: 'win',
      legs: [
        { accountId: house.id, amount: -payout },
        { accountId: cash.id, amount: payout },
      ],
      reference: `crash:${bet.roundId}`,
      memo: `crash round ${bet.roundId} cashed out at ${formatMultiplier(multiplier)}`,
      productLine: productLineOf(deps),
    },
    { executor: tx },
  );
  await repository.setPayoutTransaction(tx, bet.id, posting.transactionId);
  return { ...cashed, payoutTransactionId: posting.transactionId };
};

export const refundBet = async (
  deps: CrashPaymentDependencies,
  tx: Executor,
  bet: BetRow,
  at: Date,
): Promise<void> => {
  if (!(await repository.markBetRefunded(tx, bet.id, at))) return;
  const cash = await deps.wallet.cashAccount({ id: bet.memberId, brandId: bet.brandId }, bet.currency, tx);
  const house = await houseAccount(deps, bet.brandId, bet.currency, tx);
  await deps.ledger.post(
    {
      brandId: bet.brandId,
      idempotencyKey: `crash:refund:${bet.id}`,
      kind: 'bet.rollback',
      legs: [
        { accountId: house.id, amount: -bet.amount },
        { accountId: cash.id, amount: bet.amount },
      ],
      reference: `crash:${bet.roundId}`,
      memo: `crash round ${bet.roundId} cancelled`,
      productLine: productLineOf(deps),
    },
    { executor: tx },
  );
};

export const notifyMembers = (
  { wallet }: Pick<CrashContext, 'wallet'>,
  memberIds: Iterable<bigint>,
): void => {
  for (const memberId of new Set(memberIds)) wallet.notifyBalance(memberId);
};
