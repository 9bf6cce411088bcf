import type {
  ContractActionResult,
  ContractKind,
  ContractSide,
  ProcessContractRequest,
} from '@wps/contracts/agent-contracts';
import { isAgentType } from '@wps/contracts/auth';
import { AppError } from '../../../http/app-error';
import { type AuditOrigin, recordAuditEvent } from '../../audit/audit.service';
import type { MemberRow } from '../../members/members.service';
import * as repository from '../contracts.repository';
import type { ContractRow } from '../contracts.repository';
import {
  type ContractAction,
  type ContractBrand,
  type ContractContext,
  refuseStateChange,
} from './contract-types';
import { contractForAudit, endedForAudit } from './contract-audit';
import { toContractView, toContractViews, toStoredKind } from './contract-views';
import { offerContract } from './offer-contract';
import { respondToOffer } from './respond-to-contract';
import { terminateContract } from './terminate-contract';

export type ActOnContractDependencies = Pick<
  ContractContext,
  'db' | 'members' | 'ledger' | 'now' | 'realtimeSlotMs'
>;

const sideOf = (contract: ContractRow, memberId: bigint): ContractSide | undefined =>
  contract.uplineId === memberId ? 'UPLINE' : contract.downlineId === memberId ? 'DOWNLINE' : undefined;

const assertAgent = (member: MemberRow, policyEnabled: boolean) => {
  if (!policyEnabled) throw new AppError('FEATURE_DISABLED');
  if (!isAgentType(member.type)) throw new AppError('NOT_AN_AGENT');
};

/**
 * An action on an existing contract of `kind` that the member is a party to. Every change is a conditional
 * update on the status the caller saw, under the contract row's lock, so two racing actions end in exactly one.
 * A change is audited as the agent's action, with the contract before and after and the contracts it ended.
 */
export const actOnContract = async (
  deps: ActOnContractDependencies,
  member: MemberRow,
  brand: ContractBrand,
  kind: ContractKind,
  action: ContractAction,
  contractId: bigint,
  origin: AuditOrigin = {},
): Promise<ContractActionResult> => {
  const at = deps.now();
  const { contract, ended } = await deps.db.transaction(async (tx) => {
    const current = await repository.findContract(tx, contractId, { lock: true });
    const side = current ? sideOf(current, member.id) : undefined;
    if (!current || !side || current.brandId !== brand.id || current.kind !== toStoredKind(kind)) {
      throw new AppError('CONTRACT_NOT_FOUND');
    }
    const change =
      current.status === 'pending'
        ? await respondToOffer(deps, tx, current, side, action, brand, at)
        : current.status === 'active'
          ? await terminateContract(tx, current, side, action, at)
          : refuseStateChange();
    // Asking again for a termination already asked for changes nothing, and records nothing.
    if (change.contract !== current || change.ended.length > 0) {
      await recordAuditEvent(tx, {
        actor: { type: 'agent', id: member.id.toString(), ...origin },
        action: `agents.contract.${action.toLowerCase()}`,
        entityType: 'agent_contract',
        entityId: current.id.toString(),
        before: contractForAudit(current),
        after: { ...contractForAudit(change.contract), ended: endedForAudit(change.ended) },
      });
    }
    return change;
  });
  return {
    contract: await toContractView(deps, contract, member.id),
    ended: await toContractViews(deps, ended, member.id),
  };
};

/** One of the four process endpoints: the kind comes from the endpoint, the action from the body. */
export const processContract = async (
  deps: ContractContext,
  member: MemberRow,
  brand: ContractBrand,
  kind: ContractKind,
  request: ProcessContractRequest,
  policyEnabled: boolean,
  origin: AuditOrigin = {},
): Promise<ContractActionResult> => {
  assertAgent(member, policyEnabled);
  if (request.action === 'OFFER') {
    return offerContract(deps, member, brand, kind, request, {
      actor: { type: 'agent', id: member.id.toString(), ...origin },
    });
  }
  return actOnContract(deps, member, brand, kind, request.action, BigInt(request.contractId), origin);
};
