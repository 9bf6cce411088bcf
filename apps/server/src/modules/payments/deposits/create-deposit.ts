import type { CreateDepositRequest, Deposit } from '@wps/contracts/payments';
import { AppError } from '../../../http/app-error';
import type { MemberRow } from '../../members/members.service';
import type { ChannelRow } from '../channels.service';
import * as repository from '../deposits.repository';
import type { DepositRow } from '../deposits.repository';
import type { DepositBrand, DepositServiceDependencies } from './deposit-types';
import { readOwnDeposit, toDeposit } from './deposit-views';
import { settleDepositWithoutMoney } from './settle-without-money';

export type CreateDepositDependencies = Pick<
  DepositServiceDependencies,
  | 'db'
  | 'wallet'
  | 'messages'
  | 'uploads'
  | 'channels'
  | 'depositBonuses'
  | 'gateway'
  | 'callbackBaseUrl'
  | 'protection'
>;

const gatewayUnavailableReason = 'The payment gateway did not answer.';

/** Refuses an amount outside the channel's limits, telling the site what the limits are. */
const checkLimits = async (
  { wallet }: Pick<DepositServiceDependencies, 'wallet'>,
  amount: bigint,
  channel: ChannelRow,
): Promise<void> => {
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
const answerRepeat = async (
  deps: Pick<DepositServiceDependencies, 'db' | 'wallet'>,
  existing: DepositRow,
  request: CreateDepositRequest,
): Promise<Deposit> => {
  const view = await repository.findView(deps.db, { memberId: existing.memberId }, existing.id);
  if (!view) throw new Error(`deposit ${existing.id} vanished`);
  const amount = await deps.wallet.parseAmount(request.amount, existing.currency).catch(() => undefined);
  const isManual = view.channel.method !== 'gateway';
  const isSame =
    view.channel.code === request.channelCode &&
    amount === existing.amount &&
    (existing.promotionId?.toString() ?? undefined) === request.promotionId &&
    (!isManual ||
      (existing.playerReference === (request.playerReference ?? null) &&
        existing.proofUploadId === (request.proofUploadId ?? null)));
  if (!isSame) throw new AppError('IDEMPOTENCY_CONFLICT');
  return toDeposit(deps, view);
};

/** Manual channels need the player's transfer reference; a proof must be the member's own upload. */
const checkManualFields = async (
  { uploads }: Pick<DepositServiceDependencies, 'uploads'>,
  member: MemberRow,
  request: CreateDepositRequest,
): Promise<void> => {
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

/**
 * Opens the payment at the gateway for a new gateway deposit. When the gateway cannot be reached the
 * deposit is marked failed (it exists already, so its id is never reused) and the player is told
 * GATEWAY_UNAVAILABLE; a new attempt is a new deposit.
 */
const openGatewayOrder = async (
  deps: CreateDepositDependencies,
  deposit: DepositRow,
  channel: ChannelRow,
  brand: DepositBrand,
  returnBaseUrl: string,
): Promise<void> => {
  if (!channel.gateway) throw new Error(`gateway channel ${channel.code} has no gateway settings`);
  try {
    const order = await deps.gateway.createOrder(channel.gateway, {
      orderId: deposit.id.toString(),
      amount: await deps.wallet.formatAmount(deposit.amount, deposit.currency),
      currency: deposit.currency,
      notifyUrl: `${deps.callbackBaseUrl()}/wps/payments/gateway/${channel.code}/callback?merchant=${encodeURIComponent(brand.merchantCode)}`,
      returnUrl: `${returnBaseUrl}/member?page=depositv2&deposit=${deposit.id}`,
    });
    await repository.updateDeposit(deps.db, deposit.id, {
      gatewayOrderId: order.gatewayOrderId,
      paymentUrl: order.paymentUrl,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'GATEWAY_UNAVAILABLE') {
      await settleDepositWithoutMoney(deps, deposit.id, {
        status: 'failed',
        reason: gatewayUnavailableReason,
      });
    }
    throw error;
  }
};

/**
 * A member's deposit request. Manual: recorded pending for staff. Gateway: recorded, then the order is
 * opened at the gateway and the answer carries its payment page. `returnBaseUrl` is the site the
 * player came from, where the gateway sends them back.
 */
export const createDeposit = async (
  deps: CreateDepositDependencies,
  member: MemberRow,
  brand: DepositBrand,
  request: CreateDepositRequest,
  returnBaseUrl: string,
): Promise<Deposit> => {
  const { db, wallet, channels } = deps;
  const existing = await repository.findByRequestKey(db, member.id, request.requestId);
  if (existing) return answerRepeat(deps, existing, request);

  const channel = await channels.findByCode(member.brandId, request.channelCode);
  if (!channel?.isEnabled || channel.currency !== brand.currency) throw new AppError('CHANNEL_UNAVAILABLE');
  const amount = await wallet.parseAmount(request.amount, channel.currency);
  await checkLimits(deps, amount, channel);
  const isManual = channel.method !== 'gateway';
  if (isManual) await checkManualFields(deps, member, request);
  const promotionId = request.promotionId === undefined ? null : BigInt(request.promotionId);
  if (promotionId !== null) {
    await deps.depositBonuses.checkChoice(member, {
      promotionId,
      currency: channel.currency,
      channelCode: channel.code,
      amount,
    });
  }

  const inserted = await db.transaction(async (tx) => {
    // Refused while excluded or above the member's deposit limits. The requests still waiting for their money
    // count too, read under the limits' locks: two requests at once cannot both take the last headroom.
    await deps.protection.assertCanDeposit(tx, member.id, amount, () =>
      repository.sumAwaitingCredit(tx, member.id, channel.currency, request.requestId),
    );
    return repository.insertDeposit(tx, {
      brandId: member.brandId,
      memberId: member.id,
      channelId: channel.id,
      requestKey: request.requestId,
      currency: channel.currency,
      amount,
      playerReference: isManual ? (request.playerReference ?? null) : null,
      proofUploadId: isManual ? (request.proofUploadId ?? null) : null,
      promotionId,
    });
  });
  if (!inserted) {
    // The same form submitted twice at once: the other submit created it.
    const winner = await repository.findByRequestKey(db, member.id, request.requestId);
    if (!winner) throw new Error('a deposit request key conflicted but no deposit carries it');
    return answerRepeat(deps, winner, request);
  }
  if (!isManual) await openGatewayOrder(deps, inserted, channel, brand, returnBaseUrl);
  return readOwnDeposit(deps, member.id, inserted.id);
};
