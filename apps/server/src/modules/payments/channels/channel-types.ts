import type { staffChannelSchema, upsertChannelRequestSchema } from '@wps/contracts/payments';
import type { z } from 'zod';
import type { Database } from '../../../db/database';
import type { WalletService } from '../../wallet/wallet.service';

export type UpsertChannelRequest = z.infer<typeof upsertChannelRequestSchema>;
export type StaffChannel = z.infer<typeof staffChannelSchema>;
/** The brand a channel belongs to; channels take its currency. */
export type ChannelBrand = { id: bigint; currency: string };

export type ChannelServiceDependencies = { db: Database; wallet: WalletService };
