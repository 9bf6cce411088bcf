import { formatMultiplier, payoutOf } from '@wps/contracts/crash';
import type { Executor } from '../../../db/database';
import * as repository from '../crash.repository';
import type { BetRow } from '../crash.repository';
import type { CrashContext } from '../crash.service';
import { productLineOf } from './crash-game';

/** Money inside a transaction: what the ledger posts for a crash bet's cash-out or refund. */
export type CrashPaymentDependencies = Pick<CrashContext, 'ledger' | 'wallet' | 'bonuses' | 'catalogue'>;

export const houseAccount = (
  { ledger }: Pick<CrashContext, 'ledger'>,
  brandId: bigint,
  currency: string,
  executor: Executor,
) => ledger.ensureSystemAccount(brandId, 'house', currency, '', { executor });

/**
 * The member's side of money returned on a bet: cash, less the share of the bet staked with bonus money,
 * which goes back to the bonus balance (promotions' `splitWin`).
 */
const memberLegs = async (
  { wallet, bonuses }: Pick<CrashPaymentDependencies, 'wallet' | 'bonuses'>,
  tx: Executor,
  bet: BetRow,
  win: bigint,
) => {
  const owner = { brandId: bet.brandId, memberId: bet.memberId, currency: bet.currency };
  const cash = await wallet.cashAccount({ id: bet.memberId, brandId: bet.brandId }, bet.currency, tx);
  return bonuses.splitWin(tx, owner, cash.id, { stake: bet.amount, bonusStaked: bet.bonusStaked, win });
};

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
  const house = await houseAccount(deps, bet.brandId, bet.currency, tx);
  const posting = await deps.ledger.post(
    {
      brandId: bet.brandId,
      idempotencyKey: `crash:cashout:${bet.id}`,
      kind: 'win',
      legs: [{ accountId: house.id, amount: -payout }, ...(await memberLegs(deps, tx, bet, payout))],
      reference: `crash:${bet.roundId}`,
      memo: `crash round ${bet.roundId} cashed out at ${formatMultiplier(multiplier)}`,
      productLine: productLineOf(deps),
    },
    { executor: tx },
  );
  await repository.setPayoutTransaction(tx, bet.id, posting.transactionId);
  return { ...cashed, payoutTransactionId: posting.transactionId };
};

/**
 * Returns a bet of a cancelled round, once. The refund is a win of exactly the stake, so the bonus share
 * (stake × bonus staked ÷ stake) is the bonus part itself, with no rounding: the cash part goes back to cash,
 * the bonus part to the bonus balance while the bonus is active (else where `splitWin` sends it: cash once
 * the bonus was wagered, the house once it expired or was given up).
 */
export const refundBet = async (
  deps: CrashPaymentDependencies,
  tx: Executor,
  bet: BetRow,
  at: Date,
): Promise<void> => {
  if (!(await repository.markBetRefunded(tx, bet.id, at))) return;
  const house = await houseAccount(deps, bet.brandId, bet.currency, tx);
  await deps.ledger.post(
    {
      brandId: bet.brandId,
      idempotencyKey: `crash:refund:${bet.id}`,
      kind: 'bet.rollback',
      legs: [{ accountId: house.id, amount: -bet.amount }, ...(await memberLegs(deps, tx, bet, bet.amount))],
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
