import type { ContractPeriod } from '@wps/contracts/agent-contracts';
import {
  dayContaining,
  isWholeDays,
  localDate,
  type Period,
  periodAfter,
  periodContaining,
} from '../contract-periods';
import type { FiguresWindow, SettlementCandidate } from '../settlement.repository';
import type { SettlementContext } from './settlement-context';

/** The period kinds settled by the periodic job; real-time salary has its own job and slot length. */
export const periodKinds = ['dividend', 'daily_salary', 'hourly_salary'] as const;
export const realtimeKind = 'realtime_salary';
/** At most this many missed periods per contract are caught up in one run (the rest in the next ones). */
const maxCatchUpPeriods = 400;
/** Missed brand days a real-time salary closes out in one run. */
const maxCatchUpDays = 31;

/** One period of one contract to settle, and the team figures it is paid on. */
export type SettlementItem = {
  contract: SettlementCandidate;
  period: Period;
  window: FiguresWindow;
  /** Real-time salary: the brand day whose earlier records are subtracted (the day-so-far delta). */
  day?: Period;
};

type PlanDependencies = Pick<SettlementContext, 'realtimeSlotMs'>;

const minDate = (a: Date, b: Date | null): Date => (b !== null && b < a ? b : a);
const maxDate = (a: Date, b: Date): Date => (b > a ? b : a);
export const toPeriodKind = (period: string) => period.toUpperCase() as ContractPeriod;

/** The team figures a period is paid on: brand days when the period is made of whole days, else hours. */
export const figuresWindowOf = (contract: SettlementCandidate, period: Period): FiguresWindow =>
  isWholeDays(toPeriodKind(contract.period))
    ? {
        agentId: contract.downlineId,
        startDay: localDate(period.start, contract.timeZone),
        endDay: localDate(period.end, contract.timeZone),
        unit: 'day',
      }
    : { agentId: contract.downlineId, start: period.start, end: period.end, unit: 'hour' };

/** Closed periods from the contract's mark up to `asOf` (and not past its termination). */
export const planPeriods = (
  { realtimeSlotMs }: PlanDependencies,
  contract: SettlementCandidate,
  asOf: Date,
): SettlementItem[] => {
  const limit = minDate(asOf, contract.terminatedAt);
  const kind = toPeriodKind(contract.period);
  const items: SettlementItem[] = [];
  let period = periodContaining(kind, contract.settledThrough, contract.timeZone, realtimeSlotMs);
  if (period.start < contract.settledThrough)
    period = periodAfter(kind, period, contract.timeZone, realtimeSlotMs);
  while (period.end <= limit && items.length < maxCatchUpPeriods) {
    items.push({ contract, period, window: figuresWindowOf(contract, period) });
    period = periodAfter(kind, period, contract.timeZone, realtimeSlotMs);
  }
  return items;
};

/** A real-time slot, paid on its brand day's figures so far (within the contract's active time). */
export const realtimeItemOf = (contract: SettlementCandidate, slot: Period): SettlementItem => {
  const day = dayContaining(slot.start, contract.timeZone);
  const start = maxDate(day.start, contract.effectiveFrom);
  const end = minDate(day.end, contract.terminatedAt);
  return {
    contract,
    period: slot,
    day,
    window: { agentId: contract.downlineId, start, end: end > start ? end : start, unit: 'hour' },
  };
};

/** The last closed slot, after the last slot of every brand day since the mark that has ended before it. */
export const planRealtime = (
  { realtimeSlotMs }: PlanDependencies,
  contract: SettlementCandidate,
  asOf: Date,
): SettlementItem[] => {
  const limit = minDate(asOf, contract.terminatedAt).getTime();
  const latestEnd = Math.floor(limit / realtimeSlotMs) * realtimeSlotMs;
  if (latestEnd <= contract.settledThrough.getTime()) return [];
  const latest = { start: new Date(latestEnd - realtimeSlotMs), end: new Date(latestEnd) };
  const items: SettlementItem[] = [];
  let day = dayContaining(contract.settledThrough, contract.timeZone);
  while (day.end <= latest.start && items.length < maxCatchUpDays) {
    const lastSlot = periodContaining(
      'REALTIME',
      new Date(day.end.getTime() - 1),
      contract.timeZone,
      realtimeSlotMs,
    );
    if (lastSlot.end > contract.settledThrough) items.push(realtimeItemOf(contract, lastSlot));
    day = dayContaining(day.end, contract.timeZone);
  }
  items.push(realtimeItemOf(contract, latest));
  return items;
};
