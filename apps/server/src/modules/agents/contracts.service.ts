import {
  type ContractKind,
  type ContractListQuery,
  type ContractPaymentQuery,
  contractKinds,
  type ProcessContractRequest,
} from '@wps/contracts/agent-contracts';
import type { Executor } from '../../db/database';
import type { AuditOrigin } from '../audit/audit.service';
import type { MemberRow } from '../members/members.service';
import { describeContractOverview, listMemberContracts } from './contracts/contract-listings';
import { listContractPayments } from './contracts/contract-payments';
import type {
  ContractBrand,
  ContractContext,
  ContractServiceDependencies,
  OfferRequest,
} from './contracts/contract-types';
import { toContractViews } from './contracts/contract-views';
import { offerContractPaidByPlatform } from './contracts/offer-contract';
import { processContract } from './contracts/process-contract';
import { consolidateContractInfo, listWaitingRequests } from './contracts/waiting-requests';
import type { ContractRow } from './contracts.repository';

export type { ContractBrand, ContractServiceDependencies } from './contracts/contract-types';

/**
 * The contract lifecycle (spec section 4 "Contracts"). An agent offers a contract to a DIRECT downline agent
 * (a "new contract request"); the downline accepts or rejects it; the upline may withdraw it while pending.
 * Either side of an active contract may ask to terminate it and the other side confirms (or refuses). Every
 * change is a conditional update on the status the caller saw, under the contract row's lock, so two racing
 * actions end in exactly one.
 *
 * Accepting a contract: (1) the downline's previous active contract of that kind with the same upline is
 * terminated (REPLACED); (2) the spec's rule "a higher-rate downline contract is automatically terminated if the
 * new contract is accepted": every active contract of the same kind that the accepting agent itself gives to
 * its own downlines at a higher rate than the new one is terminated (HIGHER_RATE), and its pending offers above
 * that rate are cancelled, so no agent keeps paying out more than it now receives. Rates are compared by their
 * highest tier. Offers above the offering agent's own active contract rate of that kind are refused for the same
 * reason (CONTRACT_RATE_TOO_HIGH); an agent without one (a top agent) is not limited.
 *
 * The use cases live in ./contracts/, one file each; this binds them to one set of dependencies.
 */
export const createContractService = ({
  db,
  members,
  ledger,
  now = () => new Date(),
  realtimeSlotMs,
}: ContractServiceDependencies) => {
  const context: ContractContext = { db, members, ledger, now, realtimeSlotMs };
  return {
    toView: (rows: ContractRow[], memberId: bigint, executor: Executor = db) =>
      toContractViews(context, rows, memberId, executor),

    overview: (member: MemberRow, brand: ContractBrand, kind: ContractKind, policyEnabled: boolean) =>
      describeContractOverview(context, member, brand, kind, policyEnabled),

    /** One of the four process endpoints: the kind comes from the endpoint, the action from the body. */
    process: (
      member: MemberRow,
      brand: ContractBrand,
      kind: ContractKind,
      request: ProcessContractRequest,
      policyEnabled: boolean,
      origin?: AuditOrigin,
    ) => processContract(context, member, brand, kind, request, policyEnabled, origin),

    /** Staff: a platform-paid offer from `upline` to its direct downline agent (accepted by the downline as usual). */
    offerPaidByPlatform: (
      uplineUsername: string,
      brand: ContractBrand,
      kind: ContractKind,
      request: OfferRequest,
      staffId: string,
      origin?: AuditOrigin,
    ) => offerContractPaidByPlatform(context, uplineUsername, brand, kind, request, staffId, origin),

    list: (member: MemberRow, query: ContractListQuery) => listMemberContracts(context, member, query),

    /** What waits for the member: offers from its upline, termination requests from the other side. */
    popup: (member: MemberRow) => listWaitingRequests(context, member),

    consolidated: (member: MemberRow, brand: ContractBrand, policyEnabled: boolean) =>
      consolidateContractInfo(context, member, brand, policyEnabled),

    payments: (member: MemberRow, query: ContractPaymentQuery, currency: string) =>
      listContractPayments(context, member, query, currency),

    kinds: contractKinds,
  };
};

export type ContractService = ReturnType<typeof createContractService>;
