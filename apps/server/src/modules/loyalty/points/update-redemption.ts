import type { AdminRedemption, RedemptionActionRequest } from '@wps/contracts/loyalty-points';
import { AppError } from '../../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../points.repository';
import { adminRedemptionView } from './point-views';
import { postPoints } from './point-ledger';
import type { PointsDependencies } from './points-types';

/** Where each staff action may start from, and where it leads. Completed (money) and delivered are final. */
const transitions = {
  approve: { from: ['pending'], to: 'approved' },
  ship: { from: ['approved'], to: 'shipped' },
  deliver: { from: ['shipped'], to: 'delivered' },
  cancel: { from: ['pending', 'approved', 'shipped'], to: 'cancelled' },
} as const;

/**
 * Moves a redemption along the fulfilment queue with a conditional update (two staff acting at once: one
 * wins, the other is told the state changed). Cancelling returns the points ('points.return', once per
 * redemption) and the stock in the same transaction.
 */
export const updateRedemption = async (
  deps: Pick<PointsDependencies, 'db' | 'ledger' | 'now'>,
  context: { brandId: bigint; currency: string; actor: AuditActor },
  redemptionId: bigint,
  request: RedemptionActionRequest,
): Promise<AdminRedemption> => {
  const transition = transitions[request.action];
  if (request.action === 'ship' && request.trackingNumber === undefined) {
    throw new AppError('VALIDATION_FAILED', { message: 'Shipping needs a tracking number.' });
  }
  const exponent = await deps.ledger.getCurrencyExponent(context.currency);
  return deps.db.transaction(async (tx) => {
    const existing = await repository.findRedemption(tx, context.brandId, redemptionId);
    if (!existing) throw new AppError('NOT_FOUND');
    const moved = await repository.moveRedemption(tx, redemptionId, transition.from, {
      status: transition.to,
      updatedAt: deps.now(),
      ...(request.trackingNumber === undefined ? {} : { trackingNumber: request.trackingNumber }),
      ...(request.remark === undefined ? {} : { remark: request.remark }),
    });
    if (!moved) throw new AppError('REDEMPTION_STATE_INVALID');
    if (request.action === 'cancel') {
      await postPoints(deps.ledger, tx, {
        brandId: moved.brandId,
        memberId: moved.memberId,
        points: moved.points,
        movement: 'points.return',
        idempotencyKey: `points-return:${moved.id}`,
        reference: `redemption:${moved.id}`,
        ...(request.remark === undefined ? {} : { memo: request.remark }),
      });
      await repository.returnStock(tx, moved.itemId, moved.quantity);
    }
    const item = await repository.findItem(tx, context.brandId, moved.itemId);
    if (!item) throw new AppError('NOT_FOUND');
    const usernames = await repository.findUsernames(tx, [moved.memberId]);
    const after = adminRedemptionView(moved, item, exponent, usernames.get(moved.memberId) ?? '');
    await recordAuditEvent(tx, {
      actor: context.actor,
      action: `mall_redemption.${request.action}`,
      entityType: 'mall_redemption',
      entityId: after.id,
      before: { status: existing.status },
      after: { status: after.status, trackingNumber: after.trackingNumber, remark: after.remark },
    });
    return after;
  });
};

export const listAdminRedemptions = async (
  deps: Pick<PointsDependencies, 'db' | 'ledger'>,
  brand: { brandId: bigint; currency: string },
  query: { pageNo: number; pageSize: number; status?: string | undefined },
): Promise<{ list: AdminRedemption[]; total: number; totalPages: number }> => {
  const { rows, total } = await repository.listRedemptions(
    deps.db,
    { brandId: brand.brandId, status: query.status },
    query,
  );
  const exponent = await deps.ledger.getCurrencyExponent(brand.currency);
  const usernames = await repository.findUsernames(
    deps.db,
    rows.map((row) => row.redemption.memberId),
  );
  return {
    list: rows.map((row) =>
      adminRedemptionView(row.redemption, row.item, exponent, usernames.get(row.redemption.memberId) ?? ''),
    ),
    total,
    totalPages: Math.ceil(total / query.pageSize),
  };
};
