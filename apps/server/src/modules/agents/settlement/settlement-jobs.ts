import type { JobScheduler } from '../../../jobs/scheduler';
import type { SettlementService } from '../settlement.service';

export const settlementJobNames = {
  periods: 'agent-contract-settlement',
  realtime: 'agent-realtime-salary',
} as const;

/**
 * The two settlement jobs: closed periods (dividends, daily and hourly salaries) then UNPAID retries, and
 * real-time salary every slot; each run that settled or paid something is kept as a settlement run. Exactly once comes from the database (see settlement/settle-batch.ts), not from
 * here.
 */
export const scheduleAgentSettlement = (
  scheduler: JobScheduler,
  settlement: SettlementService,
  intervals: { periodsMs: number; realtimeMs: number },
): void => {
  scheduler.every(settlementJobNames.periods, intervals.periodsMs, async () => {
    await settlement.runScheduled(settlementJobNames.periods, 'periods');
  });
  scheduler.every(settlementJobNames.realtime, intervals.realtimeMs, async () => {
    await settlement.runScheduled(settlementJobNames.realtime, 'realtime');
  });
};
