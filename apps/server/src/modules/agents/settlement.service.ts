import type { MemberRow } from '../members/members.service';
import { previewSettlement } from './settlement/preview-settlement';
import { retryUnpaid } from './settlement/retry-unpaid';
import {
  runDueSettlement,
  runScheduledSettlement,
  type SettlementRunStartedBy,
} from './settlement/run-settlement';
import { settlePeriods, settleRealtime } from './settlement/settle-periods';
import type { SettlementContext, SettlementServiceDependencies } from './settlement/settlement-context';

export type { SettlementLogger, SettlementServiceDependencies } from './settlement/settlement-context';

/**
 * Settlement of agent contracts: each contract's pay for each closed period, computed from the roll-ups on
 * half-open intervals of the brand's clock and paid through the ledger, exactly once.
 *
 * Exactly once: a batch runs in one transaction that first locks its contracts (id order) and settles a period
 * only if the contract's `settled_through` still equals the period's start (real-time: is before its end); the
 * pay record (unique per contract and period start), the ledger posting (idempotency key
 * `agent-contract:<contract>:<period start>`) and the new `settled_through` commit together. A second run, a
 * second instance or a run after a crash finds the mark moved, or nothing committed, and settles it then.
 *
 * Payer short of money: the period is recorded UNPAID with its amount (the mark still moves, so later periods are
 * not held up) and every run retries UNPAID records with the same ledger key until they are paid.
 *
 * Figures are the team's (the downline agent and its whole subtree, as the tree is at settlement time): valid
 * bet for salaries, loss (−profit and loss) for dividends, active members = members whose valid bet over the
 * window is positive. Real-time salary: every slot pays the tier rate of the brand day's figures so far less
 * what the day's earlier slots recorded; zero deltas write no record.
 *
 * The use cases live in ./settlement/ (planning, one batch's transaction, the runs, retries, the preview); this
 * binds them to one set of dependencies.
 */
export const createSettlementService = ({
  now = () => new Date(),
  batchSize = 500,
  ...deps
}: SettlementServiceDependencies) => {
  const context: SettlementContext = { ...deps, now, batchSize };
  return {
    /** Dividends, daily and hourly salaries: every closed period not yet settled. */
    settlePeriods: (asOf?: Date) => settlePeriods(context, asOf),

    /** Real-time salaries: the last closed slot (and the last slot of any brand day that ended meanwhile). */
    settleRealtime: (asOf?: Date) => settleRealtime(context, asOf),

    /** Pays UNPAID records whose payer has the money now; the same ledger key, so never twice. */
    retryUnpaid: () => retryUnpaid(context),

    /**
     * Everything due now (or at a pretend `asOf`, in tests): periods, real-time slots, then retries, kept as a
     * run; audited as `startedBy`'s action when a staff member starts it.
     */
    runAll: (asOf?: Date, startedBy?: SettlementRunStartedBy) => runDueSettlement(context, asOf, startedBy),

    /**
     * A scheduled job's run (`periods`: closed periods then retries; `realtime`: the last slot), kept as a run
     * only when it settled or paid something.
     */
    runScheduled: (jobName: string, phase: 'periods' | 'realtime') =>
      runScheduledSettlement(context, jobName, phase),

    /** What the period in progress would pay if it closed now; parties of an active contract only. */
    preview: (member: MemberRow, contractId: bigint) => previewSettlement(context, member, contractId),
  };
};

export type SettlementService = ReturnType<typeof createSettlementService>;
