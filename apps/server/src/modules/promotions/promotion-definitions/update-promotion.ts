import { isDeepStrictEqual } from 'node:util';
import type { Promotion } from '@wps/contracts/promotions';
import { AppError } from '../../../http/app-error';
import { recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../promotions.repository';
import {
  type AdminBrand,
  type PromotionAdminDependencies,
  promotionEntity,
  promotionNotFound,
  type StaffActor,
  toPromotion,
} from './definition-types';
import { assertTransition } from './promotion-status';
import { type PromotionInput, promotionValuesOf } from './promotion-values';

/** Kinds whose settings are fixed once they open (their packets or their draw are made from them). */
const fixedOnceOpen: ReadonlySet<string> = new Set(['red_envelope', 'raffle']);

/**
 * Replaces a promotion's settings (the body is all of it). Its kind never changes: the config must be of the
 * same kind; the status follows the same transitions as the status actions, and an ended promotion is final.
 * Audited with the row before and after, in the transaction that writes it.
 */
export const updatePromotion = async (
  deps: Pick<PromotionAdminDependencies, 'db' | 'wallet' | 'uploads' | 'now'>,
  actor: StaffActor,
  brand: AdminBrand,
  id: bigint,
  input: PromotionInput,
): Promise<Promotion> => {
  const values = await promotionValuesOf(deps, brand, input);
  return deps.db.transaction(async (tx) => {
    const existing = await repository.findBrandPromotion(tx, brand.id, id, true);
    if (!existing) throw promotionNotFound(id);
    if (existing.kind !== input.config.kind) {
      const message = `This promotion is a ${existing.kind} promotion; its kind does not change.`;
      throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'config.kind', message }] });
    }
    assertTransition(existing.status, input.status);
    // A red envelope's packets are cut and a raffle's draw committed when it opens: its settings stay as opened.
    const hasOpened = existing.status !== 'draft' && existing.startsAt <= deps.now();
    if (fixedOnceOpen.has(existing.kind) && hasOpened && !isDeepStrictEqual(existing.config, input.config)) {
      const message = `A ${existing.kind} that has opened keeps its settings; end it and create another.`;
      throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'config', message }] });
    }
    const row = await repository.updatePromotion(tx, id, {
      ...values,
      status: input.status,
      updatedAt: deps.now(),
    });
    const before = toPromotion(existing);
    const after = toPromotion(row);
    await recordAuditEvent(tx, {
      actor,
      action: 'promotion.update',
      entityType: promotionEntity,
      entityId: after.id,
      before,
      after,
    });
    return after;
  });
};
