import { toMinorUnits } from '@wps/contracts/money';
import type { Executor } from '../../../db/database';
import { accrueRebates, type PayingPromotion } from '../rebates.repository';

/** A rebate promotion's rates (basis points per product line) and daily cap in minor units. */
export const rebateTermsOf = (
  promotion: PayingPromotion,
): { rates: Record<string, number>; dailyCap: bigint } | null => {
  const { config } = promotion;
  if (config.kind !== 'rebate') return null;
  const rates: Record<string, number> = {};
  for (const [line, rate] of Object.entries(config.rates)) if (rate > 0) rates[line] = rate;
  return { rates, dailyCap: toMinorUnits(config.dailyCap, promotion.exponent, { allowZero: true }) };
};

/**
 * Computes one day's rebate of a promotion, for all its brand's members or one member (see
 * `repository.accrueRebates`). A closed day paid automatically is final: a day paid already keeps its figure.
 */
export const accrueRebateDay = async (
  executor: Executor,
  promotion: PayingPromotion,
  day: string,
  now: Date,
  options: { memberId?: bigint; isFinal: boolean },
): Promise<number> => {
  const terms = rebateTermsOf(promotion);
  if (!terms || Object.keys(terms.rates).length === 0) return 0;
  return accrueRebates(executor, { promotion, day, now, ...terms, ...options });
};

/** A member's rebate of yesterday and today so far, on each of the promotions (the manual rebate page). */
export const accrueMemberRebates = async (
  executor: Executor,
  promotions: readonly PayingPromotion[],
  memberId: bigint,
  now: Date,
): Promise<void> => {
  for (const promotion of promotions) {
    for (const day of [promotion.yesterday, promotion.today]) {
      await accrueRebateDay(executor, promotion, day, now, { memberId, isFinal: false });
    }
  }
};
