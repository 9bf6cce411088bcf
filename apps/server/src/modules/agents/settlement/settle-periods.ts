import type { SettlementRunResult } from '@wps/contracts/agent-contracts';
import * as repository from '../settlement.repository';
import { periodKinds, planPeriods, planRealtime, realtimeKind } from './plan-settlement';
import { settleInRounds } from './settle-rounds';
import type { SettlementContext } from './settlement-context';

/** Dividends, daily and hourly salaries: every closed period not yet settled. */
export const settlePeriods = async (
  deps: SettlementContext,
  asOf: Date = deps.now(),
): Promise<SettlementRunResult> => {
  await deps.foldFigures?.();
  const candidates = await repository.listSettlementCandidates(deps.db, periodKinds);
  return settleInRounds(
    deps,
    candidates.map((contract) => planPeriods(deps, contract, asOf)),
    deps.now(),
  );
};

/** Real-time salaries: the last closed slot (and the last slot of any brand day that ended meanwhile). */
export const settleRealtime = async (
  deps: SettlementContext,
  asOf: Date = deps.now(),
): Promise<SettlementRunResult> => {
  await deps.foldFigures?.();
  const candidates = await repository.listSettlementCandidates(deps.db, [realtimeKind]);
  return settleInRounds(
    deps,
    candidates.map((contract) => planRealtime(deps, contract, asOf)),
    deps.now(),
  );
};
