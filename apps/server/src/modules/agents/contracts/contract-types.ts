import type { ProcessContractRequest } from '@wps/contracts/agent-contracts';
import type { Database } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import type { MemberService } from '../../members/members.service';
import type { LedgerService } from '../../wallet/ledger.service';
import type { ContractRow } from '../contracts.repository';

/** The brand a contract lives in: its currency and the clock its periods are cut on. */
export type ContractBrand = { id: bigint; currency: string; timeZone: string };

export type ContractServiceDependencies = {
  db: Database;
  members: MemberService;
  ledger: LedgerService;
  now?: () => Date;
  realtimeSlotMs: number;
};

/** How many of a member's direct downline agents are listed as ones it may offer a contract to. */
export const maxOfferableDownlines = 500;

/** What the contract use cases are given: the service's dependencies with its clock settled. */
export type ContractContext = Required<ContractServiceDependencies>;

export type OfferRequest = Extract<ProcessContractRequest, { action: 'OFFER' }>;
/** Every action on an existing contract: answering an offer, or the termination handshake. */
export type ContractAction = Exclude<ProcessContractRequest['action'], 'OFFER'>;

/** What one action changed in its transaction: the contract as it now is, and the contracts it ended. */
export type ContractChange = { contract: ContractRow; ended: ContractRow[] };

/** The contract is no longer in the status the caller saw (a racing action won), or the action does not apply. */
export const refuseStateChange = (): never => {
  throw new AppError('CONTRACT_STATE_CHANGED');
};
