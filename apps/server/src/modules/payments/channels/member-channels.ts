import type { DepositChannel } from '@wps/contracts/payments';
import * as repository from '../channels.repository';
import type { ChannelBrand, ChannelServiceDependencies } from './channel-types';
import { toDepositChannel } from './channel-views';

/** What a player may pick: enabled channels in the brand's currency, in the operator's order. */
export const listChannelsForMember = async (
  deps: ChannelServiceDependencies,
  brand: ChannelBrand,
): Promise<DepositChannel[]> =>
  Promise.all(
    (await repository.listEnabledChannels(deps.db, brand.id, brand.currency)).map((row) =>
      toDepositChannel(deps, row),
    ),
  );
