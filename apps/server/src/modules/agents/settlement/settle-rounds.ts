import type { SettlementRunResult } from '@wps/contracts/agent-contracts';
import type { SettlementItem } from './plan-settlement';
import { settleBatch } from './settle-batch';
import type { SettlementContext } from './settlement-context';
import { addSettlementResults, emptySettlementResult } from './settlement-results';

export type SettleRoundsDependencies = Pick<
  SettlementContext,
  'db' | 'ledger' | 'wallet' | 'batchSize' | 'log' | 'runId'
>;

/** Runs the plans round by round (a contract's k-th period in round k), in batches. */
export const settleInRounds = async (
  deps: SettleRoundsDependencies,
  plans: SettlementItem[][],
  runAt: Date,
): Promise<SettlementRunResult> => {
  const { batchSize, log } = deps;
  let result = emptySettlementResult();
  const rounds = Math.max(0, ...plans.map((plan) => plan.length));
  for (let round = 0; round < rounds; round += 1) {
    const items = plans.flatMap((plan) => {
      const item = plan[round];
      return item ? [item] : [];
    });
    for (let offset = 0; offset < items.length; offset += batchSize) {
      const batch = items.slice(offset, offset + batchSize);
      try {
        result = addSettlementResults(result, await settleBatch(deps, batch, runAt));
      } catch (error) {
        // A deadlock or a lost connection: nothing of the batch committed; the next run settles it.
        log.error({ err: error, contracts: batch.length }, 'agent contract settlement batch failed');
      }
    }
  }
  return result;
};
