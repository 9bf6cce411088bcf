import type { SettlementRunResult } from '@wps/contracts/agent-contracts';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import { retryUnpaid } from './retry-unpaid';
import { settlePeriods, settleRealtime } from './settle-periods';
import type { SettlementContext } from './settlement-context';
import { addSettlementResults } from './settlement-results';

/**
 * Everything due now (or at a pretend `asOf`, in tests): periods, real-time slots, then retries. Started by a
 * staff member (`startedBy`), the run is audited as their action with what it did (its batches are audited as
 * they commit).
 */
export const runDueSettlement = async (
  deps: SettlementContext,
  asOf?: Date,
  startedBy?: AuditActor,
): Promise<SettlementRunResult> => {
  const startedAt = deps.now();
  const periods = await settlePeriods(deps, asOf);
  const realtime = await settleRealtime(deps, asOf);
  const retried = await retryUnpaid(deps);
  const result = addSettlementResults(addSettlementResults(periods, realtime), retried);
  if (startedBy) {
    await recordAuditEvent(deps.db, {
      actor: startedBy,
      action: 'agents.settlement.run',
      entityType: 'agent_settlement_run',
      entityId: startedAt.toISOString(),
      after: { ...result, asOf: asOf?.toISOString() ?? null },
    });
  }
  return result;
};
