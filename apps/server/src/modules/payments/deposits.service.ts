import { isTrialType } from '@wps/contracts/auth';
import {
  type CreateDepositRequest,
  type Deposit,
  type DepositStatus,
  gatewayCallbackSchema,
  type GatewayCallback,
  type staffDepositSchema,
} from '@wps/contracts/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import type { MemberRow, MemberService } from '../members/members.service';
import type { MessageService } from '../messages/messages.service';
import type { TurnoverService } from '../turnover/turnover.service';
import type { UploadService } from '../uploads/uploads.service';
import type { LedgerService } from '../wallet/ledger.service';
import type { WalletService } from '../wallet/wallet.service';
import type { ChannelRow, ChannelService } from './channels.service';
import * as repository from './deposits.repository';
import type { DepositRow, DepositView } from './deposits.repository';
import { type GatewayClient, isValidGatewaySignature } from './gateway-client';

export type StaffDeposit = z.infer<typeof staffDepositSchema>;
/** The brand a member deposits in: its channels, its currency, and its code for the gateway's notify URL. */
export type DepositBrand = { id: bigint; currency: string; merchantCode: string };
export type StaffActor = AuditActor & { type: 'staff' };
type Page = { pageNo: number; pageSize: number };

/** Who settles a deposit: the gateway's signed notice, or a staff member (audited). */
type Settler = { by: 'gateway' } | { by: 'staff'; actor: StaffActor; note: string | null };

export type DepositServiceDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  turnover: TurnoverService;
  messages: MessageService;
  uploads: UploadService;
  members: MemberService;
  channels: ChannelService;
  gateway: GatewayClient;
  /** Where the gateway reaches this platform (server to server) for its notices. */
  callbackBaseUrl: () => string;
  log: Pick<FastifyBaseLogger, 'warn'>;
};

const ledgerKey = (depositId: bigint) => `deposit:${depositId}`;
const gatewayDeclinedReason = 'The payment was declined at the gateway.';
const gatewayUnavailableReason = 'The payment gateway did not answer.';

/** A signed notice that does not fit its order: nothing changes, and the field says which part. */
const mismatch = (field: string) =>
  new AppError('CALLBACK_MISMATCH', { issues: [{ field, message: 'does not match the order' }] });

/**
 * Deposits: a member asks (manual channel: with their transfer reference and proof; gateway: we open an
 * order at the gateway and send them to its page); the deposit stays pending until staff approve or reject
 * it, or the gateway's signed notice says paid or failed. Crediting happens exactly once: the deposit row
 * is locked, only a pending deposit moves money, and the ledger key `deposit:<id>` would refuse a second
 * posting anyway.
 */
export const createDepositService = ({
  db,
  ledger,
  wallet,
  turnover,
  messages,
  uploads,
  members,
  channels,
  gateway,
  callbackBaseUrl,
  log,
}: DepositServiceDependencies) => {
  const toDeposit = async ({ deposit, channel }: DepositView): Promise<Deposit> => ({
    id: deposit.id.toString(),
    channelCode: channel.code,
    channelName: channel.name,
    method: channel.method,
    amount: await wallet.formatAmount(deposit.amount, deposit.currency),
    currency: deposit.currency,
    status: deposit.status,
    playerReference: deposit.playerReference,
    proofUploadId: deposit.proofUploadId,
    // The payment page is of use only while the payment is open.
    paymentUrl: deposit.status === 'pending' ? deposit.paymentUrl : null,
    reviewNote: deposit.reviewNote,
    createdAt: deposit.createdAt.toISOString(),
    settledAt: deposit.settledAt?.toISOString() ?? null,
  });

  const memberView = async (memberId: bigint, id: bigint): Promise<Deposit> => {
    const view = await repository.findView(db, { memberId }, id);
    if (!view) throw new AppError('NOT_FOUND');
    return toDeposit(view);
  };

  const staffViews = async (views: DepositView[]): Promise<StaffDeposit[]> => {
    const people = new Map<bigint, MemberRow | undefined>();
    for (const { deposit } of views) {
      if (!people.has(deposit.memberId)) {
        people.set(deposit.memberId, await members.findById(deposit.memberId));
      }
    }
    return Promise.all(
      views.map(async (view) => {
        const member = people.get(view.deposit.memberId);
        return {
          ...(await toDeposit(view)),
          member: {
            id: view.deposit.memberId.toString(),
            account: member?.username ?? '',
            realName: member?.payeeName ?? null,
          },
        };
      }),
    );
  };

  const staffView = async (brandId: bigint, id: bigint): Promise<StaffDeposit> => {
    const view = await repository.findView(db, { brandId }, id);
    if (!view) throw new AppError('NOT_FOUND');
    const [answer] = await staffViews([view]);
    if (!answer) throw new AppError('NOT_FOUND');
    return answer;
  };

  /** Refuses an amount outside the channel's limits, telling the site what the limits are. */
  const checkLimits = async (amount: bigint, channel: ChannelRow): Promise<void> => {
    if (amount >= channel.minAmount && amount <= channel.maxAmount) return;
    const details = {
      minAmount: await wallet.formatAmount(channel.minAmount, channel.currency),
      maxAmount: await wallet.formatAmount(channel.maxAmount, channel.currency),
    };
    throw new AppError(amount < channel.minAmount ? 'AMOUNT_BELOW_MINIMUM' : 'AMOUNT_ABOVE_MAXIMUM', {
      issues: [{ field: 'amount', message: `between ${details.minAmount} and ${details.maxAmount}` }],
      details,
    });
  };

  /** A repeated submit (same requestId) answers the first deposit, if it asked for the same thing. */
  const answerRepeat = async (existing: DepositRow, request: CreateDepositRequest): Promise<Deposit> => {
    const view = await repository.findView(db, { memberId: existing.memberId }, existing.id);
    if (!view) throw new Error(`deposit ${existing.id} vanished`);
    const amount = await wallet.parseAmount(request.amount, existing.currency).catch(() => undefined);
    const isManual = view.channel.method !== 'gateway';
    const isSame =
      view.channel.code === request.channelCode &&
      amount === existing.amount &&
      (!isManual ||
        (existing.playerReference === (request.playerReference ?? null) &&
          existing.proofUploadId === (request.proofUploadId ?? null)));
    if (!isSame) throw new AppError('IDEMPOTENCY_CONFLICT');
    return toDeposit(view);
  };

  /** Manual channels need the player's transfer reference; a proof must be the member's own upload. */
  const checkManualFields = async (member: MemberRow, request: CreateDepositRequest): Promise<void> => {
    if (request.playerReference === undefined) {
      throw new AppError('VALIDATION_FAILED', {
        issues: [{ field: 'playerReference', message: 'What you wrote on the transfer is required' }],
      });
    }
    if (request.proofUploadId === undefined) return;
    const upload = await uploads.findOwned(member.brandId, member.id, request.proofUploadId);
    // Another member's upload answers exactly like one that does not exist.
    if (!upload) {
      throw new AppError('NOT_FOUND', { issues: [{ field: 'proofUploadId', message: 'not found' }] });
    }
    // A picture uploaded for something else (a feedback screenshot) is no proof of a transfer.
    if (upload.purpose !== 'deposit_proof') {
      throw new AppError('VALIDATION_FAILED', {
        issues: [{ field: 'proofUploadId', message: 'The proof must be uploaded as a deposit proof' }],
      });
    }
  };

  const messageFor = async (deposit: DepositRow) => ({
    amount: await wallet.formatAmount(deposit.amount, deposit.currency),
    currency: deposit.currency,
    reference: deposit.id.toString(),
  });

  /** payment_clearing −amount, member_cash +amount, under the deposit's own ledger key. */
  const postDeposit = async (tx: Executor, deposit: DepositRow): Promise<bigint> => {
    const { brandId, memberId, currency } = deposit;
    const clearing = await ledger.ensureSystemAccount(brandId, 'payment_clearing', currency, '', {
      executor: tx,
    });
    const cash = await wallet.cashAccount({ id: memberId, brandId }, currency, tx);
    const posting = await ledger.post(
      {
        brandId,
        idempotencyKey: ledgerKey(deposit.id),
        kind: 'deposit',
        reference: ledgerKey(deposit.id),
        legs: [
          { accountId: clearing.id, amount: -deposit.amount },
          { accountId: cash.id, amount: deposit.amount },
        ],
      },
      { executor: tx },
    );
    return posting.transactionId;
  };

  /**
   * Credits a pending deposit, exactly once, inside one transaction with the deposit row locked: the money,
   * the turnover requirement, the status, the member's message and (for staff) the audit row commit
   * together. A deposit that is no longer pending is answered as it is, and nothing changes.
   */
  const credit = async (id: bigint, settler: Settler): Promise<{ row: DepositRow; isChanged: boolean }> => {
    const found = await repository.findDeposit(db, id);
    if (!found) throw new AppError('NOT_FOUND');
    // Amount and currency never change, so the wording is prepared before the locks are taken.
    const params = await messageFor(found);
    const outcome = await db.transaction(async (tx) => {
      const deposit = await repository.lockDeposit(tx, id);
      if (!deposit) throw new AppError('NOT_FOUND');
      if (deposit.status !== 'pending') return { row: deposit, isChanged: false };
      const channel = await channels.findById(deposit.channelId, tx);
      if (!channel) throw new Error(`channel ${deposit.channelId} of deposit ${id} vanished`);
      const posting = await postDeposit(tx, deposit);
      const requirement = (deposit.amount * BigInt(channel.turnoverPercent)) / 100n;
      if (requirement > 0n) {
        await turnover.addRequirement(tx, {
          brandId: deposit.brandId,
          memberId: deposit.memberId,
          currency: deposit.currency,
          amount: requirement,
          reference: ledgerKey(id),
          source: 'deposit',
        });
      }
      const row = await repository.updateDeposit(tx, id, {
        status: 'credited',
        ledgerTransactionId: posting,
        settledAt: new Date(),
        ...(settler.by === 'staff'
          ? { reviewedByStaffId: BigInt(settler.actor.id), reviewNote: settler.note }
          : {}),
      });
      await messages.send(tx, {
        brandId: deposit.brandId,
        memberId: deposit.memberId,
        kind: 'deposit_credited',
        params,
        title: 'Deposit credited',
        body: `Your deposit no. ${params.reference} of ${params.amount} ${params.currency} was credited to your wallet.`,
      });
      if (settler.by === 'staff') {
        await recordAuditEvent(tx, {
          actor: settler.actor,
          // Crediting a gateway deposit by hand (after checking the gateway's statement) is its own action.
          action: channel.method === 'gateway' ? 'payments.deposit.force_credit' : 'payments.deposit.approve',
          entityType: 'deposit',
          entityId: id.toString(),
          before: { status: deposit.status },
          after: { status: row.status, ledgerTransactionId: posting.toString(), note: settler.note },
        });
      }
      return { row, isChanged: true };
    });
    if (outcome.isChanged) {
      wallet.notifyBalance(outcome.row.memberId);
      messages.notify(outcome.row.memberId);
    }
    return outcome;
  };

  /**
   * Ends a pending deposit without money: failed (the gateway declined or never answered) or rejected
   * (staff), with a message saying why. A deposit that is no longer pending is answered as it is.
   */
  const settleWithoutMoney = async (
    id: bigint,
    outcome: { status: 'failed' | 'rejected'; reason: string },
    staff?: StaffActor,
  ): Promise<{ row: DepositRow; isChanged: boolean }> => {
    const found = await repository.findDeposit(db, id);
    if (!found) throw new AppError('NOT_FOUND');
    const params = { ...(await messageFor(found)), reason: outcome.reason };
    const settled = await db.transaction(async (tx) => {
      const deposit = await repository.lockDeposit(tx, id);
      if (!deposit) throw new AppError('NOT_FOUND');
      if (deposit.status !== 'pending') return { row: deposit, isChanged: false };
      const row = await repository.updateDeposit(tx, id, {
        status: outcome.status,
        settledAt: new Date(),
        reviewNote: outcome.reason,
        ...(staff ? { reviewedByStaffId: BigInt(staff.id) } : {}),
      });
      await messages.send(tx, {
        brandId: deposit.brandId,
        memberId: deposit.memberId,
        kind: 'deposit_failed',
        params,
        title: 'Deposit not credited',
        body: `Your deposit no. ${params.reference} of ${params.amount} ${params.currency} was not credited: ${outcome.reason}`,
      });
      if (staff) {
        await recordAuditEvent(tx, {
          actor: staff,
          action: 'payments.deposit.reject',
          entityType: 'deposit',
          entityId: id.toString(),
          before: { status: deposit.status },
          after: { status: row.status, reason: outcome.reason },
        });
      }
      return { row, isChanged: true };
    });
    if (settled.isChanged) messages.notify(settled.row.memberId);
    return settled;
  };

  /**
   * Opens the payment at the gateway for a new gateway deposit. When the gateway cannot be reached the
   * deposit is marked failed (it exists already, so its id is never reused) and the player is told
   * GATEWAY_UNAVAILABLE; a new attempt is a new deposit.
   */
  const openGatewayOrder = async (
    deposit: DepositRow,
    channel: ChannelRow,
    brand: DepositBrand,
    returnBaseUrl: string,
  ): Promise<void> => {
    if (!channel.gateway) throw new Error(`gateway channel ${channel.code} has no gateway settings`);
    try {
      const order = await gateway.createOrder(channel.gateway, {
        orderId: deposit.id.toString(),
        amount: await wallet.formatAmount(deposit.amount, deposit.currency),
        currency: deposit.currency,
        notifyUrl: `${callbackBaseUrl()}/wps/payments/gateway/${channel.code}/callback?merchant=${encodeURIComponent(brand.merchantCode)}`,
        returnUrl: `${returnBaseUrl}/member?page=depositv2&deposit=${deposit.id}`,
      });
      await repository.updateDeposit(db, deposit.id, {
        gatewayOrderId: order.gatewayOrderId,
        paymentUrl: order.paymentUrl,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'GATEWAY_UNAVAILABLE') {
        await settleWithoutMoney(deposit.id, { status: 'failed', reason: gatewayUnavailableReason });
      }
      throw error;
    }
  };

  /** The gateway's notice, once its signature has been checked: JSON of the agreed shape. */
  const readNotice = (rawBody: Buffer): GatewayCallback => {
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new AppError('MALFORMED_JSON');
    }
    const parsed = gatewayCallbackSchema.safeParse(json);
    if (!parsed.success) {
      throw new AppError('VALIDATION_FAILED', {
        issues: parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
      });
    }
    return parsed.data;
  };

  /** Every part of the notice must be the order's own, or the notice is refused before anything changes. */
  const matchNotice = async (
    notice: GatewayCallback,
    channel: ChannelRow,
    brandId: bigint,
  ): Promise<DepositRow> => {
    if (notice.merchantId !== channel.gateway?.merchantId) throw mismatch('merchantId');
    const deposit = await repository.findDeposit(db, BigInt(notice.orderId));
    if (deposit?.brandId !== brandId) throw new AppError('NOT_FOUND');
    if (deposit.channelId !== channel.id) throw mismatch('orderId');
    if (deposit.gatewayOrderId !== notice.gatewayOrderId) throw mismatch('gatewayOrderId');
    if (deposit.currency !== notice.currency) throw mismatch('currency');
    const amount = await wallet.parseAmount(notice.amount, deposit.currency).catch(() => undefined);
    if (amount !== deposit.amount) throw mismatch('amount');
    return deposit;
  };

  return {
    /**
     * A member's deposit request. Manual: recorded pending for staff. Gateway: recorded, then the order is
     * opened at the gateway and the answer carries its payment page. `returnBaseUrl` is the site the
     * player came from, where the gateway sends them back.
     */
    create: async (
      member: MemberRow,
      brand: DepositBrand,
      request: CreateDepositRequest,
      returnBaseUrl: string,
    ): Promise<Deposit> => {
      if (isTrialType(member.type)) throw new AppError('TRIAL_NOT_ALLOWED');
      const existing = await repository.findByRequestKey(db, member.id, request.requestId);
      if (existing) return answerRepeat(existing, request);

      const channel = await channels.findByCode(member.brandId, request.channelCode);
      if (!channel?.isEnabled || channel.currency !== brand.currency)
        throw new AppError('CHANNEL_UNAVAILABLE');
      const amount = await wallet.parseAmount(request.amount, channel.currency);
      await checkLimits(amount, channel);
      const isManual = channel.method !== 'gateway';
      if (isManual) await checkManualFields(member, request);

      const inserted = await repository.insertDeposit(db, {
        brandId: member.brandId,
        memberId: member.id,
        channelId: channel.id,
        requestKey: request.requestId,
        currency: channel.currency,
        amount,
        playerReference: isManual ? (request.playerReference ?? null) : null,
        proofUploadId: isManual ? (request.proofUploadId ?? null) : null,
      });
      if (!inserted) {
        // The same form submitted twice at once: the other submit created it.
        const winner = await repository.findByRequestKey(db, member.id, request.requestId);
        if (!winner) throw new Error('a deposit request key conflicted but no deposit carries it');
        return answerRepeat(winner, request);
      }
      if (!isManual) await openGatewayOrder(inserted, channel, brand, returnBaseUrl);
      return memberView(member.id, inserted.id);
    },

    listOwn: async (memberId: bigint, page: Page) => {
      const { rows, total } = await repository.listMemberViews(db, memberId, {
        limit: page.pageSize,
        offset: (page.pageNo - 1) * page.pageSize,
      });
      return { list: await Promise.all(rows.map(toDeposit)), totalPages: Math.ceil(total / page.pageSize) };
    },

    /** One of the member's own deposits; anyone else's is NOT_FOUND, like one that does not exist. */
    getOwn: (memberId: bigint, id: bigint) => memberView(memberId, id),

    /**
     * The gateway's signed notice. The signature is checked over the raw bytes with the channel's secret
     * before anything else is believed; then every field must match the order. `paid` credits (a repeat
     * answers `credited` and changes nothing); `failed` marks a pending deposit failed. A notice that
     * contradicts a final outcome (`failed` after a credit, `paid` after a failure or rejection) is
     * CALLBACK_MISMATCH and logged for the operator to reconcile with the gateway's statement.
     */
    handleGatewayNotice: async (
      brandId: bigint,
      channelCode: string,
      rawBody: Buffer,
      signature: unknown,
    ): Promise<DepositStatus> => {
      // A disabled channel still takes the notices of the payments opened before it was disabled.
      const channel = await channels.findByCode(brandId, channelCode);
      if (!channel?.gateway) throw new AppError('NOT_FOUND');
      if (!isValidGatewaySignature(channel.gateway.secret, rawBody, signature)) {
        throw new AppError('SIGNATURE_INVALID');
      }
      const notice = readNotice(rawBody);
      let deposit: DepositRow;
      try {
        deposit = await matchNotice(notice, channel, brandId);
      } catch (error) {
        if (error instanceof AppError && error.code === 'CALLBACK_MISMATCH') {
          log.warn(
            { channelCode, notice, issues: error.issues },
            'signed gateway notice does not match its order',
          );
        }
        throw error;
      }
      const { row } =
        notice.status === 'paid'
          ? await credit(deposit.id, { by: 'gateway' })
          : await settleWithoutMoney(deposit.id, { status: 'failed', reason: gatewayDeclinedReason });
      const isContradiction =
        notice.status === 'paid' ? row.status !== 'credited' : row.status === 'credited';
      if (isContradiction) {
        log.warn(
          { channelCode, depositId: row.id.toString(), status: row.status, notice: notice.status },
          'gateway notice contradicts the deposit outcome',
        );
        throw mismatch('status');
      }
      return row.status;
    },

    listForReview: async (brandId: bigint, query: { status: 'pending' | 'all' } & Page) => {
      const { rows, total } = await repository.listBrandViews(
        db,
        brandId,
        query.status === 'pending' ? 'pending' : undefined,
        { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize },
      );
      return { list: await staffViews(rows), totalPages: Math.ceil(total / query.pageSize) };
    },

    /**
     * Staff credit a pending deposit. Manual deposits are what approval is for; a gateway deposit may be
     * credited by hand too (a payment stuck at the gateway, checked on its statement), but only with a note
     * saying so, and it is audited as a forced credit. A later notice from the gateway then changes nothing.
     */
    approve: async (actor: StaffActor, brandId: bigint, id: bigint, note: string | undefined) => {
      const view = await repository.findView(db, { brandId }, id);
      if (!view) throw new AppError('NOT_FOUND');
      if (view.deposit.status !== 'pending') throw new AppError('ALREADY_PROCESSED');
      if (view.channel.method === 'gateway' && !note) {
        throw new AppError('VALIDATION_FAILED', {
          message: 'A gateway deposit is credited by hand only with a note of what proves the payment',
          issues: [{ field: 'note', message: 'required for a gateway deposit' }],
        });
      }
      const { isChanged } = await credit(id, { by: 'staff', actor, note: note ?? null });
      // Someone (or the gateway) settled it between our look and our lock.
      if (!isChanged) throw new AppError('ALREADY_PROCESSED');
      return staffView(brandId, id);
    },

    /**
     * Staff reject a pending manual deposit. Gateway deposits are decided by the gateway (a rejection here
     * could contradict a payment the gateway later reports), so they are refused.
     */
    reject: async (actor: StaffActor, brandId: bigint, id: bigint, reason: string) => {
      const view = await repository.findView(db, { brandId }, id);
      if (!view) throw new AppError('NOT_FOUND');
      if (view.deposit.status !== 'pending') throw new AppError('ALREADY_PROCESSED');
      if (view.channel.method === 'gateway') {
        throw new AppError('VALIDATION_FAILED', {
          message: 'A gateway deposit is failed by the gateway, not rejected by hand',
        });
      }
      const { isChanged } = await settleWithoutMoney(id, { status: 'rejected', reason }, actor);
      if (!isChanged) throw new AppError('ALREADY_PROCESSED');
      return staffView(brandId, id);
    },
  };
};

export type DepositService = ReturnType<typeof createDepositService>;
