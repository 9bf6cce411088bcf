import { claimManualRebate, readManualRebate } from './rebates/manual-rebate';
import { cashbackJobName, createCashback } from './rebates/cashback';
import { payDailyRebates, payRebatesJobName } from './rebates/pay-rebates';
import type { RebateDependencies, RebateOwner } from './rebates/rebate-types';

export { cashbackJobName, payRebatesJobName };
export type { RebateDependencies, RebateOwner };

/**
 * Rebate on valid bet and cashback on net loss. The daily rebate is computed set-based into accruals and paid
 * in batches (or claimed by the member on the manual rebate page when the brand's MANPLAYREB3 flag is on);
 * cashback becomes claimable rewards in the reward centre. Use cases in ./rebates/.
 */
export const createRebateService = (deps: RebateDependencies) => ({
  /** The daily job: yesterday's rebate of every live rebate promotion, paid unless members claim it. */
  payDaily: () => payDailyRebates(deps),
  /** The cashback job: rewards for the last closed period of every live cashback promotion. */
  createCashback: () => createCashback(deps),
  readManual: (owner: RebateOwner) => readManualRebate(deps, owner),
  claimManual: (owner: RebateOwner) => claimManualRebate(deps, owner),
});

export type RebateService = ReturnType<typeof createRebateService>;
