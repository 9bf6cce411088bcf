import type { LoyaltySettingsBody, PointAdjustmentRequest } from '@wps/contracts/loyalty-points';
import { AppError } from '../../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../points.repository';
import type { LoyaltySettingsRow } from '../points.repository';
import { asPointsError } from './redeem-item';
import { pointBalance, postPoints } from './point-ledger';
import type { PointsDependencies } from './points-types';

const settingsView = (row: LoyaltySettingsRow) => ({
  isPointsEnabled: row.isPointsEnabled,
  pointsPerDepositUnit: row.pointsPerDepositUnit,
  pointsPerCashUnit: row.pointsPerCashUnit,
  minimumConversionPoints: row.minimumConversionPoints,
  conversionTurnoverMultiplier: row.conversionTurnoverMultiplier,
  updatedAt: row.updatedAt.toISOString(),
});

export const getPointSettings = async (deps: Pick<PointsDependencies, 'db'>, brandId: bigint) =>
  settingsView(await repository.findSettings(deps.db, brandId));

/** The brand's points settings (the VIP switch on the same row is left to the VIP pages). */
export const updatePointSettings = async (
  deps: Pick<PointsDependencies, 'db' | 'now'>,
  context: { brandId: bigint; actor: AuditActor },
  body: LoyaltySettingsBody,
) =>
  deps.db.transaction(async (tx) => {
    const before = settingsView(await repository.findSettings(tx, context.brandId));
    const after = settingsView(await repository.upsertPointSettings(tx, context.brandId, body, deps.now()));
    await recordAuditEvent(tx, {
      actor: context.actor,
      action: 'loyalty_settings.update',
      entityType: 'loyalty_settings',
      entityId: context.brandId.toString(),
      before,
      after,
    });
    return after;
  });

/**
 * Staff add or take a member's points with a reason, once per request id; taking never goes below zero
 * (POINTS_INSUFFICIENT). Audited in the same transaction.
 */
export const adjustPoints = async (
  deps: Pick<PointsDependencies, 'db' | 'ledger'>,
  context: { brandId: bigint; actor: AuditActor },
  request: PointAdjustmentRequest,
) => {
  const memberId = await repository.findMemberIdByUsername(deps.db, context.brandId, request.username);
  if (memberId === undefined) throw new AppError('ACCOUNT_NOT_FOUND');
  const points = BigInt(request.points);
  if (points === 0n) throw new AppError('VALIDATION_FAILED', { message: 'Adjust by at least one point.' });
  return deps.db.transaction(async (tx) => {
    const posting = await postPoints(deps.ledger, tx, {
      brandId: context.brandId,
      memberId,
      points,
      movement: 'points.adjust',
      idempotencyKey: `points-adjust:${request.requestId}`,
      reference: `staff:${context.actor.id}`,
      memo: request.reason,
    }).catch((error: unknown) => {
      throw asPointsError(error);
    });
    if (!posting.isReplay) {
      await recordAuditEvent(tx, {
        actor: context.actor,
        action: 'points.adjust',
        entityType: 'member',
        entityId: memberId.toString(),
        after: {
          points: request.points,
          reason: request.reason,
          transactionId: posting.transactionId.toString(),
        },
      });
    }
    const balance = await pointBalance(deps.ledger, tx, context.brandId, memberId);
    return { memberId: memberId.toString(), points: points.toString(), balance: balance.toString() };
  });
};
