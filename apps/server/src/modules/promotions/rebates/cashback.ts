import { toMinorUnits } from '@wps/contracts/money';
import {
  type CashbackPeriod,
  createCashbackRewards,
  listPayingPromotions,
  type PayingPromotion,
} from '../rebates.repository';
import type { RebateDependencies } from './rebate-types';

export const cashbackJobName = 'promotions.cashback';

const dayMs = 86_400_000;
const rewardLifetimeMs = 7 * dayMs;

const shiftDay = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

/**
 * The last closed period before `today` (a date in the brand's time zone): yesterday, or last week from Monday
 * to Sunday. `end` is the day after the period.
 */
export const closedCashbackPeriod = (today: string, period: 'daily' | 'weekly'): CashbackPeriod => {
  if (period === 'daily') return { start: shiftDay(today, -1), end: today };
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const monday = shiftDay(today, -((weekday + 6) % 7));
  return { start: shiftDay(monday, -7), end: monday };
};

const createFor = async (
  deps: RebateDependencies,
  promotion: PayingPromotion,
  now: Date,
): Promise<number> => {
  const { config } = promotion;
  if (config.kind !== 'cashback') return 0;
  const options = { allowZero: true };
  return createCashbackRewards(deps.db, {
    promotion,
    period: closedCashbackPeriod(promotion.today, config.period),
    percent: config.percent,
    minLoss: toMinorUnits(config.minLoss, promotion.exponent, options),
    cap: toMinorUnits(config.cap, promotion.exponent, options),
    now,
    expiresAt: new Date(now.getTime() + rewardLifetimeMs),
  });
};

/**
 * Cashback: for every live cashback promotion, each member's net loss of the last closed period becomes a
 * claimable reward in the reward centre (`cashback:<promotionId>:<periodStart>`, once per member: the reward's
 * unique reference), expiring in 7 days. Answers the rewards created.
 */
export const createCashback = async (deps: RebateDependencies): Promise<number> => {
  const now = deps.now();
  let created = 0;
  for (const promotion of await listPayingPromotions(deps.db, 'cashback', now)) {
    created += await createFor(deps, promotion, now);
  }
  return created;
};
