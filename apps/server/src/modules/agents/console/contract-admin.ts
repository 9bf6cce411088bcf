import type {
  AdminContract,
  AdminContractListQuery,
  AdminContractPayment,
  AdminContractPaymentQuery,
  ContractHistoryEntry,
} from '@wps/contracts/agents-admin';
import { formatMinorUnits } from '@wps/contracts/money';
import { AppError } from '../../../http/app-error';
import { listAuditEvents } from '../../audit/audit.service';
import type { MemberRow } from '../../members/members.service';
import * as repository from '../agents-console.repository';
import type { ContractRow } from '../contracts.repository';
import * as contracts from '../contracts.repository';
import { toContractPayment } from '../contracts/contract-payments';
import { toContractViews, toStoredKind } from '../contracts/contract-views';
import { type AgentConsoleDependencies, type ConsoleBrand, pageOf, totalPagesOf } from './console-types';

/** How many changes of one contract its history shows (a contract changes a handful of times). */
const historyLimit = 200;

/** Contracts as the console shows them: both parties named, no side of the caller's. */
const toAdminContracts = async (
  deps: AgentConsoleDependencies,
  rows: ContractRow[],
): Promise<AdminContract[]> =>
  (await toContractViews(deps, rows, 0n)).map(({ myRole: _myRole, ...contract }) => contract);

/**
 * The ids of the members the filter names by username; null when a name is no member of the brand (then
 * nothing matches).
 */
const resolveParties = async (
  { members }: AgentConsoleDependencies,
  brand: ConsoleBrand,
  names: { upline?: string | undefined; downline?: string | undefined },
): Promise<{ uplineId?: bigint; downlineId?: bigint } | null> => {
  const find = (name: string | undefined): Promise<MemberRow | undefined | null> =>
    name === undefined ? Promise.resolve(null) : members.findByUsername(brand.id, name);
  const [upline, downline] = await Promise.all([find(names.upline), find(names.downline)]);
  if (upline === undefined || downline === undefined) return null;
  return {
    ...(upline ? { uplineId: upline.id } : {}),
    ...(downline ? { downlineId: downline.id } : {}),
  };
};

/** The brand's contracts of the filter, newest first, paged. */
export const listAdminContracts = async (
  deps: AgentConsoleDependencies,
  brand: ConsoleBrand,
  query: AdminContractListQuery,
) => {
  const parties = await resolveParties(deps, brand, query);
  if (!parties) return { list: [], totalCount: 0, totalPages: 0 };
  const { rows, total } = await repository.listBrandContracts(deps.db, {
    brandId: brand.id,
    kind: query.kind === undefined ? undefined : toStoredKind(query.kind),
    status: query.status?.toLowerCase(),
    ...parties,
    ...pageOf(query),
  });
  return {
    list: await toAdminContracts(deps, rows),
    totalCount: total,
    totalPages: totalPagesOf(total, query),
  };
};

const statusAfter = (after: unknown): string | null => {
  if (typeof after !== 'object' || after === null || !('status' in after)) return null;
  return typeof after.status === 'string' ? after.status : null;
};

/** One contract of the brand: its terms, and its changes from the audit trail, oldest first. */
export const describeAdminContract = async (
  deps: AgentConsoleDependencies,
  brand: ConsoleBrand,
  contractId: bigint,
) => {
  const row = await contracts.findContract(deps.db, contractId);
  if (!row || row.brandId !== brand.id) throw new AppError('CONTRACT_NOT_FOUND');
  const [[contract], events] = await Promise.all([
    toAdminContracts(deps, [row]),
    listAuditEvents(deps.db, 'agent_contract', contractId.toString(), historyLimit),
  ]);
  if (!contract) throw new Error('contract view missing');
  const memberIds = events.flatMap((event) =>
    (event.actorType === 'agent' || event.actorType === 'member') && /^\d+$/.test(event.actorId)
      ? [BigInt(event.actorId)]
      : [],
  );
  const names = new Map(
    (await deps.members.listNames(memberIds)).map((member) => [member.id.toString(), member.username]),
  );
  const actorOf = (actorType: string, actorId: string) =>
    actorType === 'staff' ? `staff #${actorId}` : (names.get(actorId) ?? actorId);
  const history = events.reverse().map((event): ContractHistoryEntry => ({
    id: event.id.toString(),
    at: event.createdAt.toISOString(),
    action: event.action,
    actorType: event.actorType,
    actor: actorOf(event.actorType, event.actorId),
    status: statusAfter(event.after),
  }));
  return { contract, history };
};

/** The brand's pay records of the filter, latest period first, paged, with totals over the whole filter. */
export const listAdminPayments = async (
  deps: AgentConsoleDependencies,
  brand: ConsoleBrand,
  query: AdminContractPaymentQuery,
) => {
  const exponent = await deps.ledger.getCurrencyExponent(brand.currency);
  const format = (amount: bigint) => formatMinorUnits(amount, exponent);
  const parties = await resolveParties(deps, brand, query);
  const empty = { total: 0, paid: 0n, unpaid: 0n, rows: [] };
  const found = parties
    ? await repository.listBrandPayments(deps.db, {
        brandId: brand.id,
        timeZone: brand.timeZone,
        kind: query.kind === undefined ? undefined : toStoredKind(query.kind),
        status: query.status?.toLowerCase(),
        contractId: query.contractId === undefined ? undefined : BigInt(query.contractId),
        runId: query.runId === undefined ? undefined : BigInt(query.runId),
        fromDate: query.fromDate,
        toDate: query.toDate,
        ...parties,
        ...pageOf(query),
      })
    : empty;
  const names = new Map(
    (await deps.members.listNames(found.rows.flatMap((row) => [row.uplineId, row.downlineId]))).map(
      (member) => [member.id, member],
    ),
  );
  const partyOf = (id: bigint) => ({
    account: names.get(id)?.username ?? '',
    nickname: names.get(id)?.nickname ?? '',
  });
  const list = await Promise.all(
    found.rows.map(async (row): Promise<AdminContractPayment> => {
      const rowExponent =
        row.currency === brand.currency ? exponent : await deps.ledger.getCurrencyExponent(row.currency);
      const { myRole: _myRole, ...payment } = toContractPayment(row, 0n, partyOf, rowExponent);
      return {
        ...payment,
        settlementRunId: row.settlementRunId?.toString() ?? null,
        paidRunId: row.paidRunId?.toString() ?? null,
      };
    }),
  );
  return {
    currency: brand.currency,
    list,
    totalCount: found.total,
    totalPages: totalPagesOf(found.total, query),
    totals: {
      amount: format(found.paid + found.unpaid),
      paid: format(found.paid),
      unpaid: format(found.unpaid),
    },
  };
};
