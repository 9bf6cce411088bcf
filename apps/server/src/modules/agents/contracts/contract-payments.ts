import {
  type ContractPayment,
  type ContractPaymentQuery,
  contractPayers,
  contractPaymentStatuses,
} from '@wps/contracts/agent-contracts';
import { formatMinorUnits } from '@wps/contracts/money';
import type { MemberRow } from '../../members/members.service';
import * as repository from '../contracts.repository';
import type { PaymentRow } from '../contracts.repository';
import {
  type ContractViewDependencies,
  iso,
  toStoredKind,
  toWire,
  toWireKind,
  toWirePeriod,
} from './contract-views';

type Party = { account: string; nickname: string };

/** A pay record as one party (`memberId`) sees it. */
export const toContractPayment = (
  row: PaymentRow,
  memberId: bigint,
  partyOf: (id: bigint) => Party,
  exponent: number,
): ContractPayment => ({
  id: row.id.toString(),
  contractId: row.contractId.toString(),
  kind: toWireKind(row.kind),
  period: toWirePeriod(row.period),
  periodStart: row.periodStart.toISOString(),
  periodEnd: row.periodEnd.toISOString(),
  payer: toWire(contractPayers, row.payer),
  upline: partyOf(row.uplineId),
  downline: partyOf(row.downlineId),
  myRole: row.uplineId === memberId ? 'UPLINE' : 'DOWNLINE',
  figures: {
    validBet: formatMinorUnits(row.validBet, exponent),
    profitLoss: formatMinorUnits(row.profitLoss, exponent),
    activeMembers: row.activeMembers,
  },
  rateBasisPoints: row.rateBasisPoints,
  amount: formatMinorUnits(row.amount, exponent),
  currency: row.currency,
  status: toWire(contractPaymentStatuses, row.status),
  attempts: row.attempts,
  createdAt: row.createdAt.toISOString(),
  paidAt: iso(row.paidAt),
});

/** The pay records of the member's contracts on either side, filtered and paged, with the total paid. */
export const listContractPayments = async (
  { db, members, ledger }: ContractViewDependencies,
  member: MemberRow,
  query: ContractPaymentQuery,
  currency: string,
) => {
  const { pageNo, pageSize } = query;
  const { rows, total, paidTotal } = await repository.listPayments(db, {
    memberId: member.id,
    ...(query.role ? { role: query.role === 'UPLINE' ? 'upline' : 'downline' } : {}),
    ...(query.kind ? { kind: toStoredKind(query.kind) } : {}),
    ...(query.contractId ? { contractId: BigInt(query.contractId) } : {}),
    ...(query.status ? { status: query.status.toLowerCase() } : {}),
    ...(query.from ? { from: new Date(query.from) } : {}),
    ...(query.to ? { to: new Date(query.to) } : {}),
    limit: pageSize,
    offset: (pageNo - 1) * pageSize,
  });
  const parties = new Map(
    (await members.listNames(rows.flatMap((row) => [row.uplineId, row.downlineId]))).map((party) => [
      party.id,
      party,
    ]),
  );
  const partyOf = (id: bigint): Party => ({
    account: parties.get(id)?.username ?? '',
    nickname: parties.get(id)?.nickname ?? '',
  });
  const exponent = await ledger.getCurrencyExponent(currency);
  const list = await Promise.all(
    rows.map(async (row) => {
      const rowExponent =
        row.currency === currency ? exponent : await ledger.getCurrencyExponent(row.currency);
      return toContractPayment(row, member.id, partyOf, rowExponent);
    }),
  );
  return {
    list,
    totalCount: total,
    totalPages: Math.ceil(total / pageSize),
    paidTotal: formatMinorUnits(paidTotal, exponent),
  };
};
