import type { ContractSide } from '@wps/contracts/agent-contracts';
import type { Executor } from '../../../db/database';
import * as repository from '../contracts.repository';
import type { ContractRow } from '../contracts.repository';
import { type ContractAction, type ContractChange, refuseStateChange } from './contract-types';

const sqlRequestedBy = (side: string | null) => repository.terminationRequestedIs(side);

/** Ends an active contract by agreement (the other side had asked). */
const terminateByAgreement = (tx: Executor, contract: ContractRow, requestedBy: string, at: Date) =>
  repository.updateContractIf(
    tx,
    contract.id,
    { status: 'active', extra: sqlRequestedBy(requestedBy) },
    { status: 'terminated', terminationReason: 'by_agreement', terminatedAt: at },
  );

/**
 * The termination handshake on an active contract, locked by the caller: either side asks (TERMINATE; asking
 * again changes nothing), the other side confirms (TERMINATE or ACCEPT) or refuses (REJECT). Each step is
 * conditional on who had asked, so a racing answer and withdrawal end in exactly one.
 */
export const terminateContract = async (
  tx: Executor,
  contract: ContractRow,
  side: ContractSide,
  action: ContractAction,
  at: Date,
): Promise<ContractChange> => {
  const otherSide = side === 'UPLINE' ? 'downline' : 'upline';
  const mySide = side === 'UPLINE' ? 'upline' : 'downline';
  const requestedBy = contract.terminationRequestedBy;
  if (action === 'TERMINATE' && requestedBy === null) {
    const row = await repository.updateContractIf(
      tx,
      contract.id,
      { status: 'active', extra: sqlRequestedBy(null) },
      { terminationRequestedBy: mySide, terminationRequestedAt: at },
    );
    return { contract: row ?? refuseStateChange(), ended: [] };
  }
  if (action === 'TERMINATE' && requestedBy === mySide) return { contract, ended: [] };
  if ((action === 'TERMINATE' || action === 'ACCEPT') && requestedBy === otherSide) {
    const row = await terminateByAgreement(tx, contract, otherSide, at);
    return { contract: row ?? refuseStateChange(), ended: [] };
  }
  if (action === 'REJECT' && requestedBy === otherSide) {
    const row = await repository.updateContractIf(
      tx,
      contract.id,
      { status: 'active', extra: sqlRequestedBy(otherSide) },
      { terminationRequestedBy: null, terminationRequestedAt: null },
    );
    return { contract: row ?? refuseStateChange(), ended: [] };
  }
  return refuseStateChange();
};
