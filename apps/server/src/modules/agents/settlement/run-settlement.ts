import type { SettlementRunResult } from '@wps/contracts/agent-contracts';
import { retryUnpaid } from './retry-unpaid';
import { settlePeriods, settleRealtime } from './settle-periods';
import type { SettlementContext } from './settlement-context';
import { addSettlementResults } from './settlement-results';

/** Everything due now (or at a pretend `asOf`, in tests): periods, real-time slots, then retries. */
export const runDueSettlement = async (
  deps: SettlementContext,
  asOf?: Date,
): Promise<SettlementRunResult> => {
  const periods = await settlePeriods(deps, asOf);
  const realtime = await settleRealtime(deps, asOf);
  const retried = await retryUnpaid(deps);
  return addSettlementResults(addSettlementResults(periods, realtime), retried);
};
