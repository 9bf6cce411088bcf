import { type DepositStatus, gatewayCallbackSchema, type GatewayCallback } from '@wps/contracts/payments';
import { AppError } from '../../../http/app-error';
import type { ChannelRow } from '../channels.service';
import * as repository from '../deposits.repository';
import type { DepositRow } from '../deposits.repository';
import { isValidGatewaySignature } from '../gateway-client';
import { type CreditDepositDependencies, creditDeposit } from './credit-deposit';
import type { DepositServiceDependencies } from './deposit-types';
import { settleDepositWithoutMoney } from './settle-without-money';

export type GatewayNoticeDependencies = CreditDepositDependencies &
  Pick<DepositServiceDependencies, 'log' | 'gateway'>;

const gatewayDeclinedReason = 'The payment was declined at the gateway.';

/** A signed notice that does not fit its order: nothing changes, and the field says which part. */
const mismatch = (field: string) =>
  new AppError('CALLBACK_MISMATCH', { issues: [{ field, message: 'does not match the order' }] });

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
  { db, wallet }: Pick<DepositServiceDependencies, 'db' | 'wallet'>,
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

/**
 * The gateway's signed notice. The signature is checked over the raw bytes with the channel's secret
 * before anything else is believed; then every field must match the order. `paid` credits (a repeat
 * answers `credited` and changes nothing); `failed` marks a pending deposit failed. A notice that
 * contradicts a final outcome (`failed` after a credit, `paid` after a failure or rejection) is
 * CALLBACK_MISMATCH and logged for the operator to reconcile with the gateway's statement.
 */
export const handleGatewayNotice = async (
  deps: GatewayNoticeDependencies,
  brandId: bigint,
  channelCode: string,
  rawBody: Buffer,
  signature: unknown,
): Promise<DepositStatus> => {
  const { channels, gateway, log } = deps;
  // A disabled channel still takes the notices of the payments opened before it was disabled.
  const channel = await channels.findByCode(brandId, channelCode);
  if (!channel?.gateway) throw new AppError('NOT_FOUND');
  if (!gateway.takesNoticesFor(channel.gateway)) {
    log.warn({ channelCode }, 'gateway notice refused: the channel uses the sandbox, which is not running');
    throw new AppError('FORBIDDEN', { message: 'This channel uses the sandbox gateway, which is off.' });
  }
  if (!isValidGatewaySignature(channel.gateway.secret, rawBody, signature)) {
    throw new AppError('SIGNATURE_INVALID');
  }
  const notice = readNotice(rawBody);
  let deposit: DepositRow;
  try {
    deposit = await matchNotice(deps, notice, channel, brandId);
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
      ? await creditDeposit(deps, deposit.id, { by: 'gateway' })
      : await settleDepositWithoutMoney(deps, deposit.id, {
          status: 'failed',
          reason: gatewayDeclinedReason,
        });
  const isContradiction = notice.status === 'paid' ? row.status !== 'credited' : row.status === 'credited';
  if (isContradiction) {
    log.warn(
      { channelCode, depositId: row.id.toString(), status: row.status, notice: notice.status },
      'gateway notice contradicts the deposit outcome',
    );
    throw mismatch('status');
  }
  return row.status;
};
