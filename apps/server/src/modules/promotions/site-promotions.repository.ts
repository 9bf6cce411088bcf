import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import type { PromotionRow } from './promotions.repository';
import { promotions } from './promotions.tables';

/**
 * The brand's promotions the site shows at `now`: live and not yet ended, those that start later (coming soon)
 * included, in the operator's order.
 */
export const listShownPromotions = (
  executor: Executor,
  brandId: bigint,
  now: Date,
): Promise<PromotionRow[]> =>
  executor
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.brandId, brandId),
        eq(promotions.status, 'live'),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
      ),
    )
    .orderBy(asc(promotions.sortOrder), asc(promotions.id));
