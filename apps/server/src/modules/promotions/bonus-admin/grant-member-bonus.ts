import { isTrialType } from '@wps/contracts/auth';
import type { GrantBonusRequest, MemberBonuses } from '@wps/contracts/promotions-admin';
import { AppError } from '../../../http/app-error';
import { recordAuditEvent } from '../../audit/audit.service';
import { lockMemberBonuses } from '../bonuses/grant-bonus';
import * as bonusRepository from '../bonuses.repository';
import type {
  AdminBrand,
  PromotionAdminDependencies,
  StaffActor,
} from '../promotion-definitions/definition-types';
import * as repository from '../promotions.repository';
import { listMemberBonuses } from './list-member-bonuses';
import { memberOf } from './member-of';
import { wageringTermsOf } from './wagering-terms';

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, issues: [{ field, message }] });

/**
 * Staff grant a member a wagering bonus under one of the brand's `granted` promotions (its wagering rules
 * apply). The grant's reference is `grant:<requestId>`, so a retried submission answers the first grant and
 * posts nothing; the audit event commits with the money. A member with an active bonus holding money is
 * refused (BONUS_ALREADY_ACTIVE): staff forfeit it first.
 */
export const grantMemberBonus = async (
  deps: Pick<PromotionAdminDependencies, 'db' | 'wallet' | 'members' | 'bonuses' | 'isPlayBlocked'>,
  actor: StaffActor,
  brand: AdminBrand,
  username: string,
  request: GrantBonusRequest,
): Promise<MemberBonuses> => {
  const member = await memberOf(deps, brand, username);
  // Free-play accounts play with pretend money; a bonus is real money.
  if (isTrialType(member.type)) throw new AppError('TRIAL_NOT_ALLOWED');
  const promotionId = BigInt(request.promotionId);
  const promotion = await repository.findBrandPromotion(deps.db, brand.id, promotionId);
  if (!promotion || promotion.config.kind !== 'granted') {
    throw invalid('promotionId', 'Choose one of this brand’s granted-bonus promotions.');
  }
  if (promotion.status === 'ended') throw new AppError('PROMOTION_NOT_AVAILABLE');
  const amount = await deps.wallet.parseAmount(request.amount, brand.currency, 'amount');
  if (amount <= 0n) throw invalid('amount', 'Must be more than 0.');
  const terms = await wageringTermsOf(deps.wallet, brand.currency, promotion.config.wagering);
  const reference = `grant:${request.requestId}`;
  const isNew = await deps.db.transaction(async (tx) => {
    // The grant takes the same lock; holding it first makes the replay check and the grant one step.
    await lockMemberBonuses(tx, member.id);
    const existing = await bonusRepository.findBonusByReference(tx, member.id, reference);
    if (existing) {
      if (existing.amount !== amount || existing.promotionId !== promotionId) {
        throw new AppError('IDEMPOTENCY_CONFLICT');
      }
      return false;
    }
    // Player protection: no bonus for a member in a time-out or self-exclusion (a retry still answers the first).
    if (await deps.isPlayBlocked(member.id, tx)) throw new AppError('PLAYER_EXCLUDED');
    const bonus = await deps.bonuses.grant(tx, {
      brandId: brand.id,
      memberId: member.id,
      currency: brand.currency,
      amount,
      promotionId,
      reference,
      title: promotion.content.en.title,
      terms,
    });
    await recordAuditEvent(tx, {
      actor,
      action: 'bonus.grant',
      entityType: 'member_bonus',
      entityId: bonus.id.toString(),
      after: {
        member: member.username,
        promotionId: request.promotionId,
        amount: request.amount,
        reason: request.reason,
        reference,
        status: bonus.status,
      },
    });
    return true;
  });
  if (isNew) deps.wallet.notifyBalance(member.id);
  return listMemberBonuses(deps, brand, username);
};
