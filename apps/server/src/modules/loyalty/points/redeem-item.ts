import type { RedeemRequest, Redemption } from '@wps/contracts/loyalty-points';
import type { Transaction } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import * as repository from '../points.repository';
import type { MallItemRow, RedemptionRow } from '../points.repository';
import { itemValue, redemptionView } from './point-views';
import { postPoints } from './point-ledger';
import type { PointsDependencies, PointsMember } from './points-types';

/** A ledger refusal for too few points, in the mall's words. */
export const asPointsError = (error: unknown): unknown =>
  error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS'
    ? new AppError('POINTS_INSUFFICIENT')
    : error;

const checkItem = async (tx: Transaction, member: PointsMember, request: RedeemRequest) => {
  const item = await repository.findItem(tx, member.brandId, BigInt(request.itemId));
  if (!item || item.status !== 'live') throw new AppError('MALL_ITEM_NOT_AVAILABLE');
  const rank = (await repository.findRanks(tx, [member.memberId])).get(member.memberId) ?? 0;
  if (rank < item.minimumVipRank) throw new AppError('MALL_ITEM_NOT_AVAILABLE');
  if (item.kind === 'physical' && request.shipping === undefined) throw new AppError('SHIPPING_REQUIRED');
  return item;
};

/** Bonus and spins go to the reward centre as bonus money with the item's wagering; the redemption is done. */
const deliverMoney = async (
  deps: Pick<PointsDependencies, 'rewards'>,
  tx: Transaction,
  member: PointsMember,
  item: MallItemRow,
  redemption: RedemptionRow,
) => {
  if (redemption.amount <= 0n) return;
  await deps.rewards.create(tx, {
    ...member,
    source: 'granted',
    promotionId: null,
    reference: `points-mall:${redemption.id}`,
    title: item.name.en,
    amount: redemption.amount,
    turnoverRequired: redemption.amount * BigInt(item.turnoverMultiplier),
  });
};

/**
 * Redeems a mall item, once per `requestId`, in one transaction: the redemption row is written first (its
 * unique request id makes a concurrent repeat wait and then answer the first), then the stock is taken by a
 * conditional update (never oversold), the points are debited (which locks the member's points balance, so the
 * per-member limit is counted after any concurrent redeem of the same member committed), then bonus money goes
 * to the reward centre. Physical items wait for staff ('pending'); the rest is 'completed' at once.
 */
export const redeemItem = async (
  deps: PointsDependencies,
  member: PointsMember,
  request: RedeemRequest,
  language: string,
): Promise<Redemption> => {
  await deps.members.checkPaymentPassword(member.memberId, request.paymentPassword);
  const exponent = await deps.ledger.getCurrencyExponent(member.currency);
  if (await repository.findRedemptionByRequest(deps.db, member.memberId, request.requestId)) {
    return answerRepeat(deps, member, request.requestId, exponent, language);
  }
  const now = deps.now();
  const done = await deps.db.transaction(async (tx) => {
    const item = await checkItem(tx, member, request);
    const redemption = await repository.insertRedemption(tx, {
      brandId: member.brandId,
      memberId: member.memberId,
      itemId: item.id,
      requestId: request.requestId,
      quantity: request.quantity,
      points: item.pointsCost * BigInt(request.quantity),
      amount: itemValue(item) * BigInt(request.quantity),
      status: item.kind === 'physical' ? 'pending' : 'completed',
      shipping: item.kind === 'physical' ? (request.shipping ?? null) : null,
      createdAt: now,
      updatedAt: now,
    });
    if (!redemption) return undefined;
    if (!(await repository.takeStock(tx, item.id, request.quantity))) throw new AppError('MALL_OUT_OF_STOCK');
    await postPoints(deps.ledger, tx, {
      brandId: member.brandId,
      memberId: member.memberId,
      points: -redemption.points,
      movement: 'points.redeem',
      idempotencyKey: `points-redeem:${redemption.id}`,
      reference: `redemption:${redemption.id}`,
      memo: item.name.en,
    }).catch((error: unknown) => {
      throw asPointsError(error);
    });
    if (item.perMemberLimit !== null) {
      const redeemed = await repository.countRedeemedByMember(tx, member.memberId, [item.id]);
      if ((redeemed.get(item.id) ?? 0) > item.perMemberLimit) throw new AppError('MALL_LIMIT_REACHED');
    }
    if (item.kind !== 'physical') await deliverMoney(deps, tx, member, item, redemption);
    return { redemption, item };
  });
  if (done) return redemptionView(done.redemption, done.item, exponent, language);
  return answerRepeat(deps, member, request.requestId, exponent, language);
};

/** A repeated request id: the first redemption, whatever the repeat asked for. */
const answerRepeat = async (
  deps: Pick<PointsDependencies, 'db'>,
  member: PointsMember,
  requestId: string,
  exponent: number,
  language: string,
): Promise<Redemption> => {
  const first = await repository.findRedemptionByRequest(deps.db, member.memberId, requestId);
  if (!first) throw new AppError('ALREADY_PROCESSED');
  const item = await repository.findItem(deps.db, member.brandId, first.itemId);
  if (!item) throw new AppError('MALL_ITEM_NOT_AVAILABLE');
  return redemptionView(first, item, exponent, language);
};
