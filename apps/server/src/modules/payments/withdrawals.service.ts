import type {
  confirmWithdrawalRequestSchema,
  createWithdrawalRequestSchema,
  staffWithdrawalSchema,
  Withdrawal,
  withdrawalOverviewSchema,
} from '@wps/contracts/payments';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { recordAuditEvent, type AuditActor } from '../audit/audit.service';
import type { MemberRow, MemberService } from '../members/members.service';
import type { MessageService, OutgoingMessage } from '../messages/messages.service';
import type { TurnoverService } from '../turnover/turnover.service';
import type { UploadService } from '../uploads/uploads.service';
import type { LedgerService } from '../wallet/ledger.service';
import type { WalletService } from '../wallet/wallet.service';
import type { PaymentBrand, PaymentSettingsService, WithdrawalLimits } from './payment-settings.service';
import { lockMember, findActive as findActivePayoutAccount } from './payout-accounts.repository';
import { maskAccountNumber, refuseTrial } from './payout-accounts.service';
import { type ConfirmationAnswer, deriveConfirmation, planConfirmation } from './withdrawal-confirmation';
import * as repository from './withdrawals.repository';
import type { WithdrawalRow, WithdrawalView } from './withdrawals.repository';

export type CreateWithdrawalRequest = z.infer<typeof createWithdrawalRequestSchema>;
export type ConfirmWithdrawalRequest = z.infer<typeof confirmWithdrawalRequestSchema>;
export type WithdrawalOverview = z.infer<typeof withdrawalOverviewSchema>;
export type StaffWithdrawal = z.infer<typeof staffWithdrawalSchema>;

/** A member acting on their own brand's site. */
export type MemberContext = { member: MemberRow; brand: PaymentBrand; ip: string };
/** A staff member acting on a brand. */
export type StaffContext = { staffId: string; brand: PaymentBrand; ip: string };
type Page = { pageNo: number; pageSize: number };
type Decision = { outcome: 'approve'; note: string | undefined } | { outcome: 'reject'; reason: string };

const memberActor = ({ member, ip }: MemberContext): AuditActor => ({
  type: 'member',
  id: member.id.toString(),
  ip,
});

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, issues: [{ field, message }] });

export type WithdrawalServiceDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  turnover: TurnoverService;
  messages: MessageService;
  members: MemberService;
  uploads: UploadService;
  settings: PaymentSettingsService;
};

/**
 * Withdrawals: the amount is held from the member's main wallet when requested, then paid out (the hold
 * posted to payment clearing) or returned (the hold voided) by staff, exactly once; afterwards the player
 * confirms receipt (spec section 4).
 */
export const createWithdrawalService = ({
  db,
  ledger,
  wallet,
  turnover,
  messages,
  members,
  uploads,
  settings,
}: WithdrawalServiceDependencies) => {
  const formatAmount = (amount: bigint, currency: string) => wallet.formatAmount(amount, currency);

  const toWithdrawal = async (
    { withdrawal, payout }: WithdrawalView,
    confirmationMinutes: number,
    now = new Date(),
  ): Promise<Withdrawal> => {
    const confirmation = deriveConfirmation(withdrawal, confirmationMinutes, now);
    const optionalAmount = (amount: bigint | null) =>
      amount === null ? null : formatAmount(amount, withdrawal.currency);
    return {
      id: withdrawal.id.toString(),
      amount: await formatAmount(withdrawal.amount, withdrawal.currency),
      currency: withdrawal.currency,
      status: withdrawal.status,
      payoutAccount: { ...payout, accountNumber: maskAccountNumber(payout.accountNumber) },
      createdAt: withdrawal.createdAt.toISOString(),
      reviewedAt: withdrawal.reviewedAt?.toISOString() ?? null,
      reviewNote: withdrawal.reviewNote,
      confirmation: {
        state: confirmation.state,
        receivedAmount: await optionalAmount(confirmation.receivedAmount),
        remainingAmount: await optionalAmount(confirmation.remainingAmount),
        deadline: confirmation.deadline?.toISOString() ?? null,
        proofUploadId: confirmation.proofUploadId,
      },
    };
  };

  const readOwn = async (context: MemberContext, id: bigint): Promise<Withdrawal> => {
    const view = await repository.findMemberView(db, context.member.id, id);
    if (!view) throw new AppError('NOT_FOUND');
    return toWithdrawal(view, (await settings.limits(context.brand)).confirmationMinutes);
  };

  /** Adds who asked and their outstanding turnover, for the reviewer. */
  const toStaffWithdrawals = async (
    views: WithdrawalView[],
    confirmationMinutes: number,
  ): Promise<StaffWithdrawal[]> => {
    const memberIds = [...new Set(views.map((view) => view.withdrawal.memberId))];
    const owners = new Map(
      await Promise.all(memberIds.map(async (id) => [id, await members.findById(id)] as const)),
    );
    return Promise.all(
      views.map(async (view) => {
        const { memberId, currency } = view.withdrawal;
        const owner = owners.get(memberId);
        return {
          ...(await toWithdrawal(view, confirmationMinutes)),
          member: {
            id: memberId.toString(),
            account: owner?.username ?? '',
            realName: owner?.payeeName ?? null,
          },
          turnoverRemaining: await formatAmount(await turnover.remaining(memberId, currency), currency),
        };
      }),
    );
  };

  const checkAmountLimits = async (
    amount: bigint,
    limits: WithdrawalLimits,
    brand: PaymentBrand,
  ): Promise<void> => {
    if (amount < limits.withdrawalMin) {
      throw new AppError('AMOUNT_BELOW_MINIMUM', {
        details: { minAmount: await formatAmount(limits.withdrawalMin, brand.currency) },
      });
    }
    if (amount > limits.withdrawalMax) {
      throw new AppError('AMOUNT_ABOVE_MAXIMUM', {
        details: { maxAmount: await formatAmount(limits.withdrawalMax, brand.currency) },
      });
    }
  };

  /** Today's count and amount in the brand's time zone; read under the member's lock, so it cannot race. */
  const checkDailyLimits = async (
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
          dailyMaxAmount: await formatAmount(limits.withdrawalDailyMaxAmount, context.brand.currency),
          usedTodayAmount: await formatAmount(used.amount, context.brand.currency),
        },
      });
    }
  };

  const checkTurnover = async (tx: Executor, context: MemberContext): Promise<void> => {
    const remaining = await turnover.remaining(context.member.id, context.brand.currency, tx);
    if (remaining > 0n) {
      throw new AppError('TURNOVER_NOT_MET', {
        details: { remaining: await formatAmount(remaining, context.brand.currency) },
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
    context: MemberContext,
    request: CreateWithdrawalRequest,
    amount: bigint,
    limits: WithdrawalLimits,
  ): Promise<{ id: bigint; isNew: boolean }> =>
    db.transaction(async (tx) => {
      const { member, brand } = context;
      // One member's requests queue here, so the daily limits and the balance are read by one at a time.
      await lockMember(tx, member.id);
      const payoutAccountId = BigInt(request.payoutAccountId);
      const existing = await repository.findByRequestKey(tx, member.id, request.requestId);
      if (existing) return { id: replayOf(existing, amount, payoutAccountId), isNew: false };
      if (!(await findActivePayoutAccount(tx, member.id, payoutAccountId))) throw new AppError('NOT_FOUND');
      await checkAmountLimits(amount, limits, brand);
      await checkDailyLimits(tx, context, amount, limits);
      await checkTurnover(tx, context);
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
      });
      await recordAuditEvent(tx, {
        actor: memberActor(context),
        action: 'payments.withdrawal.request',
        entityType: 'withdrawal',
        entityId: id.toString(),
        after: { status: 'pending', amount: request.amount, currency: brand.currency },
      });
      return { id, isNew: true };
    });

  /** Approval pays the held amount out to payment clearing; rejection returns it to the main wallet. */
  const settleHold = async (tx: Executor, row: WithdrawalRow, decision: Decision): Promise<void> => {
    if (decision.outcome === 'reject') {
      await ledger.voidHold(
        {
          brandId: row.brandId,
          holdId: row.holdId,
          kind: 'withdrawal.returned',
          memo: `Withdrawal ${row.id} returned`,
        },
        { executor: tx },
      );
      return;
    }
    const clearing = await ledger.ensureSystemAccount(row.brandId, 'payment_clearing', row.currency, '', {
      executor: tx,
    });
    await ledger.postHold(
      {
        brandId: row.brandId,
        holdId: row.holdId,
        destinationAccountId: clearing.id,
        kind: 'withdrawal.paid',
        memo: `Withdrawal ${row.id} paid`,
      },
      { executor: tx },
    );
  };

  /** The member's inbox message for a decision; the site words it from the kind and params. */
  const decisionMessage = async (row: WithdrawalRow, decision: Decision): Promise<OutgoingMessage> => {
    const amount = await formatAmount(row.amount, row.currency);
    const base = { brandId: row.brandId, memberId: row.memberId };
    return decision.outcome === 'approve'
      ? {
          ...base,
          kind: 'withdrawal_approved',
          params: { amount, currency: row.currency },
          title: 'Withdrawal approved',
          body: `Your withdrawal of ${amount} ${row.currency} was approved and paid out.`,
        }
      : {
          ...base,
          kind: 'withdrawal_rejected',
          params: { amount, currency: row.currency, reason: decision.reason },
          title: 'Withdrawal rejected',
          body: `Your withdrawal of ${amount} ${row.currency} was rejected and returned to your wallet: ${decision.reason}`,
        };
  };

  /** Settles the hold and records the decision, the audit row and the member's message together. */
  const decide = (context: StaffContext, id: bigint, decision: Decision): Promise<{ memberId: bigint }> =>
    db.transaction(async (tx) => {
      // A racing approve and reject queue on this lock; the second finds the withdrawal processed.
      const row = await repository.lockWithdrawal(tx, { brandId: context.brand.id }, id);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.status !== 'pending') {
        throw new AppError('ALREADY_PROCESSED', { details: { status: row.status } });
      }
      await settleHold(tx, row, decision);
      const status = decision.outcome === 'approve' ? 'approved' : 'rejected';
      const reviewNote = decision.outcome === 'approve' ? (decision.note ?? null) : decision.reason;
      await repository.markReviewed(tx, row.id, {
        status,
        reviewedByStaffId: BigInt(context.staffId),
        reviewNote,
      });
      await recordAuditEvent(tx, {
        actor: { type: 'staff', id: context.staffId, ip: context.ip },
        action: `payments.withdrawal.${decision.outcome}`,
        entityType: 'withdrawal',
        entityId: row.id.toString(),
        before: { status: row.status },
        after: { status, reviewNote },
      });
      await messages.send(tx, await decisionMessage(row, decision));
      return { memberId: row.memberId };
    });

  /** Turns the wire's answer into minor units and a checked proof, before any lock is taken. */
  const readAnswer = async (
    context: MemberContext,
    request: ConfirmWithdrawalRequest,
  ): Promise<ConfirmationAnswer> => {
    if (request.receivedAmount !== undefined && request.outcome !== 'received') {
      throw fieldError('receivedAmount', 'Only a receipt has a received amount');
    }
    if (request.proofUploadId !== undefined && request.outcome !== 'not_received') {
      throw fieldError('proofUploadId', 'Only "not received" takes a proof');
    }
    switch (request.outcome) {
      case 'received':
        return {
          outcome: 'received',
          receivedAmount:
            request.receivedAmount === undefined
              ? undefined
              : await wallet.parseAmount(request.receivedAmount, context.brand.currency, 'receivedAmount'),
        };
      case 'not_received': {
        if (request.proofUploadId === undefined) {
          throw fieldError('proofUploadId', 'A proof image is required');
        }
        const proof = await uploads.findOwned(context.brand.id, context.member.id, request.proofUploadId);
        if (!proof) throw new AppError('NOT_FOUND');
        if (proof.purpose !== 'withdrawal_proof') {
          throw fieldError('proofUploadId', 'The proof must be uploaded as a withdrawal proof');
        }
        return { outcome: 'not_received', proofUploadId: proof.id };
      }
      case 'fully_paid':
        return { outcome: 'fully_paid' };
    }
  };

  return {
    overview: async (context: MemberContext): Promise<WithdrawalOverview> => {
      const { member, brand } = context;
      const [limits, balance, used, remaining, fresh] = await Promise.all([
        settings.limits(brand),
        wallet.balance(member, brand.currency),
        repository.usedToday(db, member.id, brand.timeZone),
        turnover.remaining(member.id, brand.currency),
        members.findById(member.id),
      ]);
      const money = (amount: bigint) => formatAmount(amount, brand.currency);
      return {
        currency: brand.currency,
        currencySymbol: brand.currencySymbol,
        balance: await money(balance),
        minAmount: await money(limits.withdrawalMin),
        maxAmount: await money(limits.withdrawalMax),
        dailyMaxAmount: await money(limits.withdrawalDailyMaxAmount),
        dailyMaxCount: limits.withdrawalDailyMaxCount,
        usedTodayAmount: await money(used.amount),
        usedTodayCount: used.count,
        turnoverRemaining: await money(remaining),
        hasPaymentPassword: (fresh ?? member).paymentPasswordHash !== null,
        realName: (fresh ?? member).payeeName,
        confirmationMinutes: limits.confirmationMinutes,
      };
    },

    request: async (context: MemberContext, request: CreateWithdrawalRequest): Promise<Withdrawal> => {
      refuseTrial(context.member);
      // Slow (argon2) and counted on its own, so outside the transaction and its lock.
      await members.checkPaymentPassword(context.member.id, request.paymentPassword);
      const amount = await wallet.parseAmount(request.amount, context.brand.currency);
      const limits = await settings.limits(context.brand);
      const { id, isNew } = await holdAndRecord(context, request, amount, limits);
      if (isNew) wallet.notifyBalance(context.member.id);
      return readOwn(context, id);
    },

    list: async (context: MemberContext, page: Page) => {
      const [{ rows, total }, limits] = await Promise.all([
        repository.listMemberViews(db, context.member.id, {
          limit: page.pageSize,
          offset: (page.pageNo - 1) * page.pageSize,
        }),
        settings.limits(context.brand),
      ]);
      const now = new Date();
      return {
        list: await Promise.all(rows.map((row) => toWithdrawal(row, limits.confirmationMinutes, now))),
        totalPages: Math.ceil(total / page.pageSize),
      };
    },

    get: readOwn,

    /** The player's answer to an approved withdrawal of their own (spec section 4). */
    confirm: async (
      context: MemberContext,
      id: bigint,
      request: ConfirmWithdrawalRequest,
    ): Promise<Withdrawal> => {
      const answer = await readAnswer(context, request);
      const limits = await settings.limits(context.brand);
      await db.transaction(async (tx) => {
        const row = await repository.lockWithdrawal(tx, { memberId: context.member.id }, id);
        if (!row) throw new AppError('NOT_FOUND');
        const current = deriveConfirmation(row, limits.confirmationMinutes, new Date());
        const change = planConfirmation(row, current, answer);
        await repository.markConfirmed(tx, row.id, change);
        await recordAuditEvent(tx, {
          actor: memberActor(context),
          action: 'payments.withdrawal.confirm',
          entityType: 'withdrawal',
          entityId: row.id.toString(),
          before: { state: current.state, receivedAmount: current.receivedAmount?.toString() ?? null },
          after: {
            state: change.confirmation,
            receivedAmount: change.receivedAmount.toString(),
            proofUploadId: change.confirmationProofUploadId,
          },
        });
      });
      return readOwn(context, id);
    },

    listForStaff: async (brand: PaymentBrand, query: Page & { status: 'pending' | 'all' }) => {
      const [{ rows, total }, limits] = await Promise.all([
        repository.listBrandViews(db, brand.id, query.status === 'pending', {
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        }),
        settings.limits(brand),
      ]);
      return {
        list: await toStaffWithdrawals(rows, limits.confirmationMinutes),
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /** Approve (pay out) or reject (return the money) a pending withdrawal, exactly once. */
    decide: async (context: StaffContext, id: bigint, decision: Decision): Promise<StaffWithdrawal> => {
      const { memberId } = await decide(context, id, decision);
      wallet.notifyBalance(memberId);
      messages.notify(memberId);
      const [view, limits] = await Promise.all([
        repository.findMemberView(db, memberId, id),
        settings.limits(context.brand),
      ]);
      if (!view) throw new Error(`Withdrawal ${id} vanished after its review`);
      const [staffView] = await toStaffWithdrawals([view], limits.confirmationMinutes);
      if (!staffView) throw new Error(`Withdrawal ${id} could not be described`);
      return staffView;
    },
  };
};

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
