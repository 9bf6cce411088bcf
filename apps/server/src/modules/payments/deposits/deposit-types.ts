import type { staffDepositSchema } from '@wps/contracts/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../../db/database';
import type { AuditActor } from '../../audit/audit.service';
import type { MemberService } from '../../members/members.service';
import type { MessageService } from '../../messages/messages.service';
import type { TurnoverService } from '../../turnover/turnover.service';
import type { DepositBonusService } from '../../promotions/deposit-bonuses.service';
import type { RaffleService } from '../../promotions/promotion-games.service';
import type { ProtectionService } from '../../protection/protection.service';
import type { UploadService } from '../../uploads/uploads.service';
import type { LedgerService } from '../../wallet/ledger.service';
import type { WalletService } from '../../wallet/wallet.service';
import type { ChannelService } from '../channels.service';
import type { DepositRow } from '../deposits.repository';
import type { GatewayClient } from '../gateway-client';

export type StaffDeposit = z.infer<typeof staffDepositSchema>;
/** The brand a member deposits in: its channels, its currency, and its code for the gateway's notify URL. */
export type DepositBrand = { id: bigint; currency: string; merchantCode: string };
export type StaffActor = AuditActor & { type: 'staff' };
/** Who settles a deposit on the payment gateway's word (its signed notice, or its silence). */
export const gatewayActor: AuditActor = { type: 'system', id: 'payment-gateway' };
export type Page = { pageNo: number; pageSize: number };

export type DepositServiceDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  turnover: TurnoverService;
  messages: MessageService;
  uploads: UploadService;
  members: MemberService;
  channels: ChannelService;
  /** The deposit bonus a member picks: checked when they ask, granted when the deposit is credited. */
  depositBonuses: Pick<DepositBonusService, 'checkChoice' | 'grantForDeposit'>;
  /** Raffle tickets earned by the deposit, recorded in its credit's transaction. */
  raffles: Pick<RaffleService, 'recordDeposit'>;
  /** The member's deposit limits and exclusion, checked in the transaction that records a request. */
  protection: Pick<ProtectionService, 'assertCanDeposit'>;
  gateway: GatewayClient;
  /** Where the gateway reaches this platform (server to server) for its notices. */
  callbackBaseUrl: () => string;
  log: Pick<FastifyBaseLogger, 'warn'>;
};

/** A settled deposit, and whether this call settled it (false: it was no longer pending). */
export type SettledDeposit = { row: DepositRow; isChanged: boolean };
