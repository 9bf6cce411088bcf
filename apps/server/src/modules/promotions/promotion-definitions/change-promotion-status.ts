import type { Promotion } from '@wps/contracts/promotions';
import type { PromotionStatusAction } from '@wps/contracts/promotions-admin';
import { recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../promotions.repository';
import {
  type PromotionAdminDependencies,
  promotionEntity,
  promotionNotFound,
  type StaffActor,
  toPromotion,
} from './definition-types';
import { statusAfter } from './promotion-status';

/**
 * Publishes (or schedules, when the start is ahead), pauses, resumes or ends a promotion, on the locked row,
 * audited in the same transaction. An ended promotion refuses every action.
 */
export const changePromotionStatus = (
  { db, now }: Pick<PromotionAdminDependencies, 'db' | 'now'>,
  actor: StaffActor,
  brandId: bigint,
  id: bigint,
  action: PromotionStatusAction,
): Promise<Promotion> =>
  db.transaction(async (tx) => {
    const existing = await repository.findBrandPromotion(tx, brandId, id, true);
    if (!existing) throw promotionNotFound(id);
    const status = statusAfter(existing.status, action);
    const row = await repository.updatePromotion(tx, id, { status, updatedAt: now() });
    await recordAuditEvent(tx, {
      actor,
      action: `promotion.${action}`,
      entityType: promotionEntity,
      entityId: id.toString(),
      before: { status: existing.status },
      after: { status },
    });
    return toPromotion(row);
  });
