import { AppError } from '../../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../channels.repository';
import type { ChannelRow, ChannelValues } from '../channels.repository';
import type {
  ChannelBrand,
  ChannelServiceDependencies,
  StaffChannel,
  UpsertChannelRequest,
} from './channel-types';
import { toStaffChannel } from './channel-views';

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, issues: [{ field, message }] });

/** The method's own settings: instructions for a manual channel, gateway settings (with a secret) for a gateway. */
const methodSettings = (
  request: UpsertChannelRequest,
  stored: ChannelRow | undefined,
): Pick<ChannelValues, 'instructions' | 'gateway'> => {
  if (request.method !== 'gateway') {
    if (!request.instructions)
      throw invalid('instructions', 'A manual channel shows the player where to pay');
    if (request.gateway) throw invalid('gateway', 'Only a gateway channel has gateway settings');
    return { instructions: request.instructions, gateway: null };
  }
  if (!request.gateway) throw invalid('gateway', 'A gateway channel needs its gateway settings');
  if (request.instructions) throw invalid('instructions', 'A gateway channel shows its own payment page');
  // The secret is write-only: absent keeps the stored one.
  const secret = request.gateway.secret ?? stored?.gateway?.secret;
  if (secret === undefined) throw invalid('gateway.secret', 'A new gateway channel needs its secret');
  const { provider, merchantId, baseUrl } = request.gateway;
  return { instructions: null, gateway: { provider, merchantId, baseUrl, secret } };
};

/** Checks an operator's channel and turns it into the row's values. */
const toChannelValues = async (
  { wallet }: Pick<ChannelServiceDependencies, 'wallet'>,
  brand: ChannelBrand,
  request: UpsertChannelRequest,
  stored: ChannelRow | undefined,
): Promise<ChannelValues> => {
  // A brand keeps its players' money in one currency; a channel in another could never be offered.
  if (request.currency !== brand.currency) {
    throw new AppError('CURRENCY_MISMATCH', {
      issues: [{ field: 'currency', message: `The brand's currency is ${brand.currency}` }],
    });
  }
  const minAmount = await wallet.parseAmount(request.minAmount, request.currency, 'minAmount');
  const maxAmount = await wallet.parseAmount(request.maxAmount, request.currency, 'maxAmount');
  if (minAmount > maxAmount) throw invalid('maxAmount', 'The maximum must not be below the minimum');
  return {
    brandId: brand.id,
    code: request.code,
    method: request.method,
    name: request.name,
    currency: request.currency,
    minAmount,
    maxAmount,
    isEnabled: request.isEnabled,
    sortOrder: request.sortOrder,
    turnoverPercent: request.turnoverPercent,
    ...methodSettings(request, stored),
  };
};

/** Every channel of the brand, enabled or not, as the operator edits them. */
export const listChannelsForStaff = async (
  deps: ChannelServiceDependencies,
  brandId: bigint,
): Promise<StaffChannel[]> =>
  Promise.all((await repository.listChannels(deps.db, brandId)).map((row) => toStaffChannel(deps, row)));

/** Creates or changes a channel by its code, audited with before and after (the secret never appears). */
export const upsertChannel = async (
  deps: ChannelServiceDependencies,
  actor: AuditActor,
  brand: ChannelBrand,
  request: UpsertChannelRequest,
): Promise<StaffChannel> => {
  const saved = await deps.db.transaction(async (tx) => {
    const stored = await repository.findChannelByCode(tx, brand.id, request.code, true);
    const values = await toChannelValues(deps, brand, request, stored);
    const row = stored
      ? await repository.updateChannel(tx, stored.id, values)
      : await repository.insertChannel(tx, values);
    if (!row) {
      throw new AppError('ALREADY_PROCESSED', {
        message: 'Someone created this channel at the same moment; reload and try again',
      });
    }
    await recordAuditEvent(tx, {
      actor,
      action: 'payments.channel.upsert',
      entityType: 'payment_channel',
      entityId: row.id.toString(),
      before: stored ? await toStaffChannel(deps, stored) : null,
      after: {
        ...(await toStaffChannel(deps, row)),
        secretChanged: request.gateway?.secret !== undefined,
      },
    });
    return row;
  });
  return toStaffChannel(deps, saved);
};
