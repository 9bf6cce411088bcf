import type { Bonus } from '@wps/contracts/promotions';
import type { PromotionClaim } from '@wps/contracts/promotions-site';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { recordAuditEvent } from '../../audit/audit.service';
import type { MemberRow } from '../../members/members.service';
import type { BonusOwner, WageringTerms } from '../bonuses.service';
import { lockMemberBonuses } from '../bonuses/grant-bonus';
import { ineligibilityOf } from '../eligibility/check-eligibility';
import * as promotions from '../promotions.repository';
import type { PromotionRow } from '../promotions.repository';
import { findSignupLookalikes, insertClaimReview } from '../promotion-reviews.repository';
import { claimReference, type SitePromotionDependencies, toWageringTerms } from './site-promotion-types';

/** Advisory lock namespace of a brand's sign-up claims (see `lockBrandSignups`). */
const signupLockNamespace = 0x736970;

/**
 * Sign-up claims of one brand queue on one lock while the abuse check runs, so two accounts from one address
 * claiming at once cannot both find no earlier claimant. A member claims a sign-up bonus once, so the queue is
 * short.
 */
const lockBrandSignups = async (tx: Executor, brandId: bigint): Promise<void> => {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${signupLockNamespace}::int, ${Number(brandId % 2_147_483_647n)}::int)`,
  );
};

/** The bonus a claim paid, as the member's bonus list shows it. */
export const findBonusView = async (
  deps: Pick<SitePromotionDependencies, 'bonuses'>,
  owner: BonusOwner,
  bonusId: bigint,
): Promise<Bonus | null> => {
  const { active, history } = await deps.bonuses.list(owner);
  const id = bonusId.toString();
  return [active, ...history].find((bonus) => bonus?.id === id) ?? null;
};

/** What a sign-up claim pays, in minor units: read before the claim's transaction (it reads currencies). */
export type SignupGrant = { promotion: PromotionRow; amount: bigint; terms: WageringTerms };

export const prepareSignupGrant = async (
  deps: Pick<SitePromotionDependencies, 'wallet'>,
  promotion: PromotionRow,
  currency: string,
): Promise<SignupGrant> => {
  if (promotion.config.kind !== 'signup') throw new AppError('PROMOTION_NOT_AVAILABLE');
  const { amount, wagering } = promotion.config;
  return {
    promotion,
    amount: await deps.wallet.parseAmount(amount, currency),
    terms: await toWageringTerms(deps.wallet, wagering, currency),
  };
};

/** Pays a sign-up claim: the promotion's bonus under its wagering rules, referenced by the claim. */
export const paySignupBonus = async (
  deps: Pick<SitePromotionDependencies, 'bonuses'>,
  tx: Executor,
  { promotion, amount, terms }: SignupGrant,
  owner: BonusOwner,
  sequence: number,
): Promise<bigint> => {
  const bonus = await deps.bonuses.grant(tx, {
    ...owner,
    amount,
    promotionId: promotion.id,
    reference: claimReference(promotion.id, sequence),
    title: promotion.content.en.title,
    terms,
  });
  return bonus.id;
};

/**
 * A member claims a promotion from the promotions page (the sign-up bonus; other kinds are taken on their own
 * screens or the deposit form). In one transaction: the eligibility rules, the claim within the promotion's
 * limit, then either the bonus, or — when the claimant shares an address or payout account with a member who
 * already claimed a sign-up bonus — a review for staff and no money. Claims of one member queue on the member's
 * bonus lock, so the claim's sequence read here is the one inserted.
 */
export const claimPromotion = async (
  deps: SitePromotionDependencies,
  brand: { id: bigint; currency: string },
  member: MemberRow,
  promotionId: bigint,
  ip: string,
): Promise<PromotionClaim> => {
  const promotion = await promotions.findPromotion(deps.db, promotionId);
  if (!promotion || promotion.brandId !== brand.id || promotion.status === 'draft') {
    throw new AppError('NOT_FOUND', { message: `No promotion ${promotionId}.` });
  }
  const grant = await prepareSignupGrant(deps, promotion, brand.currency);
  const owner: BonusOwner = { brandId: brand.id, memberId: member.id, currency: brand.currency };
  const outcome = await deps.db.transaction(async (tx) => {
    await lockMemberBonuses(tx, member.id);
    const reason = await ineligibilityOf(tx, promotion, member, deps.now(), deps);
    if (reason !== null) throw new AppError(reason);
    const sequence = (await promotions.countClaims(tx, promotion.id, member.id)) + 1;
    const reference = claimReference(promotion.id, sequence);
    const limit = promotion.claimLimit;
    const claim = { promotionId: promotion.id, memberId: member.id, brandId: brand.id, reference, limit };
    if (!(await promotions.insertClaim(tx, claim))) throw new AppError('PROMOTION_ALREADY_CLAIMED');
    await lockBrandSignups(tx, brand.id);
    const reasons = await findSignupLookalikes(tx, brand.id, member.id);
    if (reasons.length > 0) {
      const review = await insertClaimReview(tx, { ...claim, sequence, reasons });
      await recordAuditEvent(tx, {
        actor: { type: 'member', id: member.id.toString(), ip },
        action: 'promotion.claim_held',
        entityType: 'promotion_claim_review',
        entityId: review.id.toString(),
        after: { promotionId: promotion.id.toString(), sequence, reasons },
      });
      return { bonusId: null };
    }
    return { bonusId: await paySignupBonus(deps, tx, grant, owner, sequence) };
  });
  if (outcome.bonusId === null) return { status: 'held', bonus: null };
  deps.wallet.notifyBalance(member.id);
  return { status: 'paid', bonus: await findBonusView(deps, owner, outcome.bonusId) };
};
