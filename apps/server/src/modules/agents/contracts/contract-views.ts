import {
  type AgentContract,
  type ContractKind,
  contractKinds,
  contractPayers,
  contractPeriods,
  contractSides,
  contractStatuses,
  contractTerminationReasons,
} from '@wps/contracts/agent-contracts';
import { formatMinorUnits } from '@wps/contracts/money';
import type { Executor } from '../../../db/database';
import type { MemberName } from '../../members/members.service';
import type { ContractRow } from '../contracts.repository';
import type { ContractContext } from './contract-types';

export const toStoredKind = (kind: ContractKind) => kind.toLowerCase();
/** A stored (lower-case) value as the contract's upper-case enum member; anything else is a broken row. */
export const toWire = <T extends string>(list: readonly T[], value: string): T => {
  const upper = value.toUpperCase();
  const found = list.find((candidate) => candidate === upper);
  if (found === undefined) throw new Error(`Unexpected stored value ${value}`);
  return found;
};
const toWireOrNull = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value === null ? null : toWire(list, value);
export const toWireKind = (kind: string) => toWire(contractKinds, kind);
export const toWirePeriod = (period: string) => toWire(contractPeriods, period);
export const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export type ContractViewDependencies = Pick<ContractContext, 'db' | 'members' | 'ledger'>;

/** Contracts as the member sees them, both parties named; `executor` lets a transaction see its own writes. */
export const toContractViews = async (
  { db, members, ledger }: ContractViewDependencies,
  rows: ContractRow[],
  memberId: bigint,
  executor: Executor = db,
) => {
  const parties = new Map<bigint, MemberName>(
    (
      await members.listNames(
        rows.flatMap((row) => [row.uplineId, row.downlineId]),
        executor,
      )
    ).map((party) => [party.id, party]),
  );
  const partyOf = (id: bigint) => {
    const party = parties.get(id);
    return { id: id.toString(), account: party?.username ?? '', nickname: party?.nickname ?? '' };
  };
  return Promise.all(
    rows.map(async (row): Promise<AgentContract> => {
      const exponent = await ledger.getCurrencyExponent(row.currency);
      return {
        id: row.id.toString(),
        kind: toWireKind(row.kind),
        period: toWirePeriod(row.period),
        status: toWire(contractStatuses, row.status),
        payer: toWire(contractPayers, row.payer),
        upline: partyOf(row.uplineId),
        downline: partyOf(row.downlineId),
        myRole: row.uplineId === memberId ? 'UPLINE' : 'DOWNLINE',
        tiers: row.tiers.map((tier) => ({
          minFigure: formatMinorUnits(BigInt(tier.minFigure), exponent),
          minActiveMembers: tier.minActiveMembers,
          rateBasisPoints: tier.rateBasisPoints,
        })),
        rateBasisPoints: row.rateBasisPoints,
        currency: row.currency,
        offeredAt: row.offeredAt.toISOString(),
        respondedAt: iso(row.respondedAt),
        effectiveFrom: iso(row.effectiveFrom),
        settledThrough: iso(row.settledThrough),
        terminatedAt: iso(row.terminatedAt),
        terminationReason: toWireOrNull(contractTerminationReasons, row.terminationReason),
        terminationRequestedBy: toWireOrNull(contractSides, row.terminationRequestedBy),
        terminationRequestedAt: iso(row.terminationRequestedAt),
      };
    }),
  );
};

export const toContractView = async (
  deps: ContractViewDependencies,
  row: ContractRow,
  memberId: bigint,
  executor: Executor = deps.db,
) => {
  const [view] = await toContractViews(deps, [row], memberId, executor);
  if (!view) throw new Error('contract view missing');
  return view;
};
