import type { Promotion } from '@wps/contracts/promotions';
import { AppError } from '../../../http/app-error';
import { recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../promotions.repository';
import {
  type AdminBrand,
  type PromotionAdminDependencies,
  promotionEntity,
  type StaffActor,
  toPromotion,
} from './definition-types';
import { type PromotionInput, promotionValuesOf } from './promotion-values';

/** A new promotion starts as a draft or live (scheduled when its start is ahead); nothing starts paused or over. */
const creatableStatuses: ReadonlySet<string> = new Set(['draft', 'live']);

/** Creates one of the brand's promotions after the server's checks; audited in its transaction. */
export const createPromotion = async (
  deps: Pick<PromotionAdminDependencies, 'db' | 'wallet' | 'uploads'>,
  actor: StaffActor,
  brand: AdminBrand,
  input: PromotionInput,
): Promise<Promotion> => {
  if (!creatableStatuses.has(input.status)) {
    const message = 'A new promotion is a draft or live.';
    throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'status', message }] });
  }
  const values = await promotionValuesOf(deps, brand, input);
  return deps.db.transaction(async (tx) => {
    const row = await repository.insertPromotion(tx, {
      ...values,
      brandId: brand.id,
      kind: input.config.kind,
      status: input.status,
    });
    const after = toPromotion(row);
    await recordAuditEvent(tx, {
      actor,
      action: 'promotion.create',
      entityType: promotionEntity,
      entityId: after.id,
      after,
    });
    return after;
  });
};
