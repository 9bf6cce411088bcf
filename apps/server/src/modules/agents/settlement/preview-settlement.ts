import type { ContractPreview } from '@wps/contracts/agent-contracts';
import { formatMinorUnits } from '@wps/contracts/money';
import { AppError } from '../../../http/app-error';
import type { MemberRow } from '../../members/members.service';
import { periodContaining } from '../contract-periods';
import * as contracts from '../contracts.repository';
import * as repository from '../settlement.repository';
import type { SettlementCandidate } from '../settlement.repository';
import { computePeriodPay, subtractRecorded } from './period-pay';
import {
  figuresWindowOf,
  realtimeItemOf,
  realtimeKind,
  type SettlementItem,
  toPeriodKind,
} from './plan-settlement';
import type { SettlementContext } from './settlement-context';

export type PreviewSettlementDependencies = Pick<
  SettlementContext,
  'db' | 'ledger' | 'now' | 'realtimeSlotMs'
>;

/** The period in progress at `at` (real-time: its slot, paid on the brand day so far). */
const currentItemOf = (
  { realtimeSlotMs }: Pick<SettlementContext, 'realtimeSlotMs'>,
  contract: SettlementCandidate,
  at: Date,
): SettlementItem => {
  if (contract.kind === realtimeKind) {
    return realtimeItemOf(contract, periodContaining('REALTIME', at, contract.timeZone, realtimeSlotMs));
  }
  const period = periodContaining(toPeriodKind(contract.period), at, contract.timeZone, realtimeSlotMs);
  return { contract, period, window: figuresWindowOf(contract, period) };
};

/** What the period in progress would pay if it closed now; parties of an active contract only. */
export const previewSettlement = async (
  deps: PreviewSettlementDependencies,
  member: MemberRow,
  contractId: bigint,
): Promise<ContractPreview> => {
  const { db, ledger, now } = deps;
  const row = await contracts.findContract(db, contractId);
  if (!row || (row.uplineId !== member.id && row.downlineId !== member.id)) {
    throw new AppError('CONTRACT_NOT_FOUND');
  }
  const [candidate] = await repository.listSettlementCandidates(db, [row.kind], [row.id]);
  if (!candidate || candidate.status !== 'active') throw new AppError('CONTRACT_STATE_CHANGED');
  const item = currentItemOf(deps, candidate, now());
  const [team = repository.noFigures] = await repository.teamFigures(db, [item.window]);
  const pay = computePeriodPay(candidate, team);
  let amount = pay.amount;
  if (item.day) {
    const recorded = await repository.sumRecorded(db, [
      { contractId: candidate.id, start: item.day.start, end: item.day.end },
    ]);
    amount = subtractRecorded(amount, recorded.get(candidate.id));
  }
  const exponent = await ledger.getCurrencyExponent(candidate.currency);
  return {
    contractId: candidate.id.toString(),
    periodStart: (item.day ?? item.period).start.toISOString(),
    periodEnd: (item.day ?? item.period).end.toISOString(),
    figures: {
      validBet: formatMinorUnits(team.validBet, exponent),
      profitLoss: formatMinorUnits(team.profitLoss, exponent),
      activeMembers: team.activeMembers,
    },
    rateBasisPoints: pay.rateBasisPoints,
    amount: formatMinorUnits(amount, exponent),
    currency: candidate.currency,
  };
};
