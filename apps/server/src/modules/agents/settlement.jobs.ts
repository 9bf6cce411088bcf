import type { JobScheduler } from '../../jobs/scheduler';
import type { RollupService } from './rollups.service';
import type { SettlementService } from './settlement.service';

export const settlementJobNames = {
  periods: 'agent-contract-settlement',
  realtime: 'agent-realtime-salary',
} as const;

/**
 * The two settlement jobs: closed periods (dividends, daily and hourly salaries) then UNPAID retries, and
 * real-time salary every slot. Exactly once comes from the database (see settlement.service.ts), not from here.
 * Each run folds the queued postings first, so a closed period is paid on all of its figures.
 */
export const scheduleAgentSettlement = (
  scheduler: JobScheduler,
  settlement: SettlementService,
  rollups: RollupService,
  intervals: { periodsMs: number; realtimeMs: number },
): void => {
  scheduler.every(settlementJobNames.periods, intervals.periodsMs, async () => {
    await rollups.fold();
    await settlement.settlePeriods();
    await settlement.retryUnpaid();
  });
  scheduler.every(settlementJobNames.realtime, intervals.realtimeMs, async () => {
    await rollups.fold();
    await settlement.settleRealtime();
  });
};
