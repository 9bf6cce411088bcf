import type { SettlementRunResult } from '@wps/contracts/agent-contracts';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import { recordSettlementRun } from './record-run';
import { retryUnpaid } from './retry-unpaid';
import { settlePeriods, settleRealtime } from './settle-periods';
import type { SettlementContext } from './settlement-context';
import { addSettlementResults } from './settlement-results';

/** Who starts a run by hand: the audit's actor, with the staff member's username for the list of runs. */
export type SettlementRunStartedBy = AuditActor & { username?: string };

/**
 * Everything due now (or at a pretend `asOf`, in tests): periods, real-time slots, then retries, kept as a run.
 * Started by a staff member (`startedBy`), the run is audited as their action with what it did (its batches are
 * audited as they commit).
 */
export const runDueSettlement = async (
  deps: SettlementContext,
  asOf?: Date,
  startedBy?: SettlementRunStartedBy,
): Promise<SettlementRunResult> => {
  const startedAt = deps.now();
  const isStaff = startedBy?.type === 'staff';
  const result = await recordSettlementRun(
    deps,
    {
      trigger: isStaff ? 'staff' : 'schedule',
      startedBy: isStaff ? (startedBy.username ?? `staff #${startedBy.id}`) : 'agent-settlement',
      staffId: isStaff ? startedBy.id : null,
    },
    asOf ?? startedAt,
    async (context) => {
      const periods = await settlePeriods(context, asOf);
      const realtime = await settleRealtime(context, asOf);
      const retried = await retryUnpaid(context);
      return addSettlementResults(addSettlementResults(periods, realtime), retried);
    },
  );
  if (startedBy) {
    const { username: _username, ...actor } = startedBy;
    await recordAuditEvent(deps.db, {
      actor,
      action: 'agents.settlement.run',
      entityType: 'agent_settlement_run',
      entityId: startedAt.toISOString(),
      after: { ...result, asOf: asOf?.toISOString() ?? null },
    });
  }
  return result;
};

/**
 * A scheduled job's run, kept only when it settled or paid something: closed periods then UNPAID retries
 * (`periods`), or the last real-time slot (`realtime`).
 */
export const runScheduledSettlement = (
  deps: SettlementContext,
  jobName: string,
  phase: 'periods' | 'realtime',
): Promise<SettlementRunResult> =>
  recordSettlementRun(
    deps,
    { trigger: 'schedule', startedBy: jobName, staffId: null },
    deps.now(),
    async (context) =>
      phase === 'periods'
        ? addSettlementResults(await settlePeriods(context), await retryUnpaid(context))
        : settleRealtime(context),
  );
