import type { SettlementRunResult } from '@wps/contracts/agent-contracts';
import * as repository from '../settlement.repository';
import type { SettlementContext } from './settlement-context';

/** Who started a run: a staff member (their username, as it is now) or a job (its name). */
export type SettlementRunStarter = {
  trigger: 'staff' | 'schedule';
  startedBy: string;
  staffId: string | null;
};

/**
 * Runs `work` as a kept settlement run: the run is written first, so the pay records its work writes and pays
 * name it, then finished (or failed, when the work throws). A scheduled run that settled and paid nothing is
 * dropped again; a staff member's is always kept.
 */
export const recordSettlementRun = async (
  deps: SettlementContext,
  starter: SettlementRunStarter,
  asOf: Date,
  work: (context: SettlementContext) => Promise<SettlementRunResult>,
): Promise<SettlementRunResult> => {
  const runId = await repository.insertRun(deps.db, { ...starter, startedAt: deps.now(), asOf });
  let result: SettlementRunResult;
  try {
    result = await work({ ...deps, runId });
  } catch (error) {
    await repository.finishRun(deps.db, runId, 'failed', deps.now());
    throw error;
  }
  const isIdle = result.settledPeriods === 0 && result.retriedPaid === 0;
  if (starter.trigger === 'schedule' && isIdle) await repository.deleteRun(deps.db, runId);
  else await repository.finishRun(deps.db, runId, 'finished', deps.now());
  return result;
};
