import type { DepositChannel } from '@wps/contracts/payments';
import type { ChannelRow } from '../channels.repository';
import { usesSandboxGateway } from '../gateway-client';
import type { ChannelServiceDependencies, StaffChannel } from './channel-types';

type ChannelViewDependencies = Pick<ChannelServiceDependencies, 'wallet'>;

/** What a player sees of a channel: its limits in the channel's currency, instructions for a manual one. */
export const toDepositChannel = async (
  { wallet }: ChannelViewDependencies,
  row: ChannelRow,
): Promise<DepositChannel> => ({
  code: row.code,
  method: row.method,
  name: row.name,
  currency: row.currency,
  minAmount: await wallet.formatAmount(row.minAmount, row.currency),
  maxAmount: await wallet.formatAmount(row.maxAmount, row.currency),
  instructions: row.method === 'gateway' ? null : row.instructions,
});

/** The operator's view: everything but the secret, of which only whether it is set. */
export const toStaffChannel = async (
  deps: ChannelViewDependencies,
  row: ChannelRow,
): Promise<StaffChannel> => ({
  ...(await toDepositChannel(deps, row)),
  isEnabled: row.isEnabled,
  sortOrder: row.sortOrder,
  turnoverPercent: row.turnoverPercent,
  gateway: row.gateway
    ? {
        provider: row.gateway.provider,
        merchantId: row.gateway.merchantId,
        baseUrl: row.gateway.baseUrl,
        hasSecret: row.gateway.secret.length > 0,
        usesSandbox: usesSandboxGateway(row.gateway),
      }
    : null,
});
