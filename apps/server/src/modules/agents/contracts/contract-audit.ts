import type { ContractRow } from '../contracts.repository';

/** A contract as the audit trail keeps it: its terms and where it stands (ids and amounts as strings). */
export const contractForAudit = (contract: ContractRow) => ({
  kind: contract.kind,
  period: contract.period,
  uplineId: contract.uplineId.toString(),
  downlineId: contract.downlineId.toString(),
  payer: contract.payer,
  currency: contract.currency,
  tiers: contract.tiers,
  rateBasisPoints: contract.rateBasisPoints,
  status: contract.status,
  terminationReason: contract.terminationReason,
  terminationRequestedBy: contract.terminationRequestedBy,
});

/** The contracts an action ended on the way (replaced, higher-rate, a superseded offer), by id and outcome. */
export const endedForAudit = (ended: readonly ContractRow[]) =>
  ended.map((contract) => ({
    id: contract.id.toString(),
    status: contract.status,
    terminationReason: contract.terminationReason,
  }));
