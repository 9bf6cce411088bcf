import type { DepositChannel, staffChannelSchema, upsertChannelRequestSchema } from '@wps/contracts/payments';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import type { WalletService } from '../wallet/wallet.service';
import * as repository from './channels.repository';
import type { ChannelRow, ChannelValues } from './channels.repository';

export type { ChannelRow };
export type UpsertChannelRequest = z.infer<typeof upsertChannelRequestSchema>;
export type StaffChannel = z.infer<typeof staffChannelSchema>;
/** The brand a channel belongs to; channels take its currency. */
export type ChannelBrand = { id: bigint; currency: string };

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

/** Deposit channels the operator configures: what players may pick, and the gateway settings behind them. */
export const createChannelService = ({ db, wallet }: { db: Database; wallet: WalletService }) => {
  const toDepositChannel = async (row: ChannelRow): Promise<DepositChannel> => ({
    code: row.code,
    method: row.method,
    name: row.name,
    currency: row.currency,
    minAmount: await wallet.formatAmount(row.minAmount, row.currency),
    maxAmount: await wallet.formatAmount(row.maxAmount, row.currency),
    instructions: row.method === 'gateway' ? null : row.instructions,
  });

  /** The operator's view: everything but the secret, of which only whether it is set. */
  const toStaffChannel = async (row: ChannelRow): Promise<StaffChannel> => ({
    ...(await toDepositChannel(row)),
    isEnabled: row.isEnabled,
    sortOrder: row.sortOrder,
    turnoverPercent: row.turnoverPercent,
    gateway: row.gateway
      ? {
          provider: row.gateway.provider,
          merchantId: row.gateway.merchantId,
          baseUrl: row.gateway.baseUrl,
          hasSecret: row.gateway.secret.length > 0,
        }
      : null,
  });

  /** Checks an operator's channel and turns it into the row's values. */
  const toValues = async (
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

  return {
    toDepositChannel,

    /** What a player may pick: enabled channels in the brand's currency, in the operator's order. */
    listForMember: async (brand: ChannelBrand): Promise<DepositChannel[]> =>
      Promise.all((await repository.listEnabledChannels(db, brand.id, brand.currency)).map(toDepositChannel)),

    listForStaff: async (brandId: bigint): Promise<StaffChannel[]> =>
      Promise.all((await repository.listChannels(db, brandId)).map(toStaffChannel)),

    /** Creates or changes a channel by its code, audited with before and after (the secret never appears). */
    upsert: async (actor: AuditActor, brand: ChannelBrand, request: UpsertChannelRequest) => {
      const saved = await db.transaction(async (tx) => {
        const stored = await repository.findChannelByCode(tx, brand.id, request.code, true);
        const values = await toValues(brand, request, stored);
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
          before: stored ? await toStaffChannel(stored) : null,
          after: {
            ...(await toStaffChannel(row)),
            secretChanged: request.gateway?.secret !== undefined,
          },
        });
        return row;
      });
      return toStaffChannel(saved);
    },

    findByCode: (brandId: bigint, code: string, executor: Executor = db) =>
      repository.findChannelByCode(executor, brandId, code),

    findById: (id: bigint, executor: Executor = db) => repository.findChannelById(executor, id),
  };
};

export type ChannelService = ReturnType<typeof createChannelService>;

/**
 * For the sandbox gateway started beside the platform: a merchant's secret, read from the sandbox channels
 * (provider sandbox, no baseUrl). A real gateway keeps its merchants' secrets in its own store.
 */
export const createSandboxSecretLookup =
  (db: Database) =>
  (merchantId: string): Promise<string | undefined> =>
    repository.findSandboxSecret(db, merchantId);
