import type { Database, Executor } from '../../db/database';
import type { AuditActor } from '../audit/audit.service';
import { listChannelsForStaff, upsertChannel } from './channels/channel-edits';
import type {
  ChannelBrand,
  ChannelServiceDependencies,
  UpsertChannelRequest,
} from './channels/channel-types';
import { toDepositChannel } from './channels/channel-views';
import { listChannelsForMember } from './channels/member-channels';
import * as repository from './channels.repository';
import type { ChannelRow } from './channels.repository';

export type { ChannelRow };
export type { ChannelBrand, StaffChannel, UpsertChannelRequest } from './channels/channel-types';

/**
 * Deposit channels the operator configures: what players may pick, and the gateway settings behind them.
 * The member's list lives in channels/member-channels.ts, the operator's list and changes in
 * channels/channel-edits.ts; this binds them to one set of dependencies.
 */
export const createChannelService = (deps: ChannelServiceDependencies) => ({
  toDepositChannel: (row: ChannelRow) => toDepositChannel(deps, row),

  /** What a player may pick: enabled channels in the brand's currency, in the operator's order. */
  listForMember: (brand: ChannelBrand) => listChannelsForMember(deps, brand),

  listForStaff: (brandId: bigint) => listChannelsForStaff(deps, brandId),

  /** Creates or changes a channel by its code, audited with before and after (the secret never appears). */
  upsert: (actor: AuditActor, brand: ChannelBrand, request: UpsertChannelRequest) =>
    upsertChannel(deps, actor, brand, request),

  findByCode: (brandId: bigint, code: string, executor: Executor = deps.db) =>
    repository.findChannelByCode(executor, brandId, code),

  findById: (id: bigint, executor: Executor = deps.db) => repository.findChannelById(executor, id),
});

export type ChannelService = ReturnType<typeof createChannelService>;

/**
 * For the sandbox gateway started beside the platform: a merchant's secret, read from the sandbox channels
 * (provider sandbox, no baseUrl). A real gateway keeps its merchants' secrets in its own store.
 */
export const createSandboxSecretLookup =
  (db: Database) =>
  (merchantId: string): Promise<string | undefined> =>
    repository.findSandboxSecret(db, merchantId);
