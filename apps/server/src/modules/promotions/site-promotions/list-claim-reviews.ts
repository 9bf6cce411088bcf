import type { ClaimReview, ClaimReviewStatus } from '@wps/contracts/promotions-site';
import type { Executor } from '../../../db/database';
import { findPromotion } from '../promotions.repository';
import { type ClaimReviewRow, listClaimReviews } from '../promotion-reviews.repository';
import type { SitePromotionDependencies } from './site-promotion-types';

/** Reviews as the console shows them: the claimant and the members they share something with, by name. */
export const toClaimReviews = async (
  deps: Pick<SitePromotionDependencies, 'members'>,
  executor: Executor,
  rows: readonly ClaimReviewRow[],
): Promise<ClaimReview[]> => {
  const ids = new Set<bigint>();
  for (const row of rows) {
    ids.add(row.memberId);
    for (const reason of row.reasons) ids.add(BigInt(reason.memberId));
  }
  const names = new Map(
    (await deps.members.listNames([...ids], executor)).map((name) => [name.id.toString(), name.username]),
  );
  const titles = new Map<bigint, string>();
  for (const row of rows) {
    if (titles.has(row.promotionId)) continue;
    const promotion = await findPromotion(executor, row.promotionId);
    titles.set(row.promotionId, promotion?.content.en.title ?? '');
  }
  return rows.map((row) => ({
    id: row.id.toString(),
    promotionId: row.promotionId.toString(),
    promotionTitle: titles.get(row.promotionId) ?? '',
    member: { id: row.memberId.toString(), username: names.get(row.memberId.toString()) ?? '' },
    reasons: row.reasons.map((reason) => ({ ...reason, username: names.get(reason.memberId) ?? '' })),
    status: row.status as ClaimReviewStatus,
    staffId: row.staffId?.toString() ?? null,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  }));
};

/** The brand's held sign-up claims in one status (pending first of all), newest first. */
export const listBrandClaimReviews = async (
  deps: Pick<SitePromotionDependencies, 'db' | 'members'>,
  brandId: bigint,
  status: ClaimReviewStatus,
): Promise<{ list: ClaimReview[] }> => ({
  list: await toClaimReviews(deps, deps.db, await listClaimReviews(deps.db, brandId, status)),
});
