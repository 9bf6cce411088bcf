import type { Withdrawal } from '@wps/contracts/payments';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { recordAuditEvent } from '../../audit/audit.service';
import type { WalletService } from '../../wallet/wallet.service';
import type { PaymentBrand, WithdrawalLimits } from '../payment-settings.service';
import { findActive as findActivePayoutAccount } from '../payout-accounts.repository';
import * as repository from '../withdrawals.repository';
import type { WithdrawalRow } from '../withdrawals.repository';
import {
  type CreateWithdrawalRequest,
  type MemberContext,
  memberActor,
  type WithdrawalServiceDependencies,
} from './withdrawal-types';
import { turnoverOwed, withVipLimits } from './member-limits';
import { readOwnWithdrawal } from './withdrawal-views';

export type RequestWithdrawalDependencies = Pick<
  WithdrawalServiceDependencies,
  | 'db'
  | 'ledger'
  | 'wallet'
  | 'turnover'
  | 'members'
  | 'settings'
  | 'bonuses'
  | 'vipLimits'
  | 'kyc'
  | 'protection'
>;

const checkAmountLimits = async (
  wallet: WalletService,
  amount: bigint,
  limits: WithdrawalLimits,
  brand: PaymentBrand,
): Promise<void> => {
  if (amount < limits.withdrawalMin) {
    throw new AppError('AMOUNT_BELOW_MINIMUM', {
      details: { minAmount: await wallet.formatAmount(limits.withdrawalMin, brand.currency) },
    });
  }
  if (amount > limits.withdrawalMax) {
    throw new AppError('AMOUNT_ABOVE_MAXIMUM', {
      details: { maxAmount: await wallet.formatAmount(limits.withdrawalMax, brand.currency) },
    });
  }
};

/** Today's count and amount in the brand's time zone; read under the member's lock, so it cannot race. */
const checkDailyLimits = async (
  wallet: WalletService,
  tx: Executor,
  context: MemberContext,
  amount: bigint,
  limits: WithdrawalLimits,
): Promise<void> => {
  const used = await repository.usedToday(tx, context.member.id, context.brand.timeZone);
  if (used.count + 1 > limits.withdrawalDailyMaxCount) {
    throw new AppError('DAILY_LIMIT_REACHED', {
      details: { limit: 'count', dailyMaxCount: limits.withdrawalDailyMaxCount },
    });
  }
  if (used.amount + amount > limits.withdrawalDailyMaxAmount) {
    throw new AppError('DAILY_LIMIT_REACHED', {
      details: {
        limit: 'amount',
        dailyMaxAmount: await wallet.formatAmount(limits.withdrawalDailyMaxAmount, context.brand.currency),
        usedTodayAmount: await wallet.formatAmount(used.amount, context.brand.currency),
      },
    });
  }
};

const checkTurnover = async (
  deps: Pick<WithdrawalServiceDependencies, 'wallet' | 'turnover' | 'protection'>,
  tx: Executor,
  context: MemberContext,
): Promise<void> => {
  const { wallet } = deps;
  const remaining = await turnoverOwed(deps, tx, context.member, context.brand.currency);
  if (remaining > 0n) {
    throw new AppError('TURNOVER_NOT_MET', {
      details: { remaining: await wallet.formatAmount(remaining, context.brand.currency) },
    });
  }
};

/** A repeated submit answers the first withdrawal; the same id with other details is a conflict. */
const replayOf = (existing: WithdrawalRow, amount: bigint, payoutAccountId: bigint): bigint => {
  if (existing.amount !== amount || existing.payoutAccountId !== payoutAccountId) {
    throw new AppError('IDEMPOTENCY_CONFLICT');
  }
  return existing.id;
};

/** Holds the amount and writes the withdrawal, in one transaction under the member's row lock. */
const holdAndRecord = (
  deps: RequestWithdrawalDependencies,
  context: MemberContext,
  request: CreateWithdrawalRequest,
  amount: bigint,
  limits: WithdrawalLimits,
): Promise<{ id: bigint; isNew: boolean }> =>
  deps.db.transaction(async (tx) => {
    const { member, brand } = context;
    const { ledger, wallet, members } = deps;
    // One member's requests queue here, so the daily limits and the balance are read by one at a time.
    await members.lock(tx, member.id);
    const payoutAccountId = BigInt(request.payoutAccountId);
    const existing = await repository.findByRequestKey(tx, member.id, request.requestId);
    if (existing) return { id: replayOf(existing, amount, payoutAccountId), isNew: false };
    if (!(await findActivePayoutAccount(tx, member.id, payoutAccountId))) throw new AppError('NOT_FOUND');
    await checkAmountLimits(wallet, amount, limits, brand);
    // A VIP level's own daily limits replace the brand's, read under the member's lock like the use so far.
    const daily = await withVipLimits(deps, tx, member, limits);
    await checkDailyLimits(wallet, tx, context, amount, daily);
    await checkTurnover(deps, tx, context);
    // An active bonus is given up with a withdrawal (its money returns to the house), only once the member
    // confirmed the warning; otherwise BONUS_FORFEIT_REQUIRED and nothing is held.
    await deps.bonuses.forfeitForWithdrawal(
      tx,
      { brandId: brand.id, memberId: member.id, currency: brand.currency },
      request.forfeitBonus,
    );
    // Above the brand's KYC thresholds (this amount, or the member's paid and pending withdrawals with it) and
    // below the tier it requires, the withdrawal waits for verification; its money is held all the same.
    const kycRequiredTier = await deps.kyc.withdrawalHold(tx, member, {
      amount,
      cumulative: (await repository.paidAndPendingTotal(tx, member.id)) + amount,
    });
    const cash = await wallet.cashAccount(member, brand.currency, tx);
    // INSUFFICIENT_FUNDS comes from the ledger (the balance row's check), and aborts everything here.
    const hold = await ledger.reserve(
      {
        brandId: brand.id,
        idempotencyKey: `withdrawal:${member.id}:${request.requestId}`,
        accountId: cash.id,
        amount,
        kind: 'withdrawal.request',
        reference: `withdrawal:${request.requestId}`,
      },
      { executor: tx },
    );
    const id = await repository.insertWithdrawal(tx, {
      brandId: brand.id,
      memberId: member.id,
      requestKey: request.requestId,
      payoutAccountId,
      currency: brand.currency,
      amount,
      holdId: hold.holdId,
      kycRequiredTier,
    });
    await recordAuditEvent(tx, {
      actor: memberActor(context),
      action: 'payments.withdrawal.request',
      entityType: 'withdrawal',
      entityId: id.toString(),
      after: {
        status: 'pending',
        amount: request.amount,
        currency: brand.currency,
        awaitingKycTier: kycRequiredTier,
      },
    });
    return { id, isNew: true };
  });

/**
 * A member asks to withdraw: the amount is held from their main wallet (within the brand's limits, with the
 * turnover met, forfeiting an active bonus they confirmed giving up), and the withdrawal waits for staff review,
 * or first for the member's identity verification when the brand's KYC thresholds say so.
 * A repeated submit answers the first one.
 */
export const requestWithdrawal = async (
  deps: RequestWithdrawalDependencies,
  context: MemberContext,
  request: CreateWithdrawalRequest,
): Promise<Withdrawal> => {
  const { members, wallet, settings } = deps;
  // Slow (argon2) and counted on its own, so outside the transaction and its lock.
  await members.checkPaymentPassword(context.member.id, request.paymentPassword);
  const amount = await wallet.parseAmount(request.amount, context.brand.currency);
  const limits = await settings.limits(context.brand);
  const { id, isNew } = await holdAndRecord(deps, context, request, amount, limits);
  if (isNew) wallet.notifyBalance(context.member.id);
  return readOwnWithdrawal(deps, context, id);
};
