import type { AdminMallItem, AdminRedemption, MallItem, Redemption } from '@wps/contracts/loyalty-points';
import { formatMinorUnits } from '@wps/contracts/money';
import { apiPrefix } from '../../../platform';
import type { LoyaltyText } from '../loyalty.tables';
import type { MallItemRow, RedemptionRow } from '../points.repository';

/** The member's language when the item has it, else English. */
export const textIn = (text: LoyaltyText, language: string): string =>
  language === 'ur' && text.ur !== undefined && text.ur !== '' ? text.ur : text.en;

/** The money an item gives per unit: its bonus, or its spins at their stake (credited as bonus money). */
export const itemValue = (item: MallItemRow): bigint =>
  item.kind === 'bonus' ? item.amount : item.kind === 'free_spins' ? BigInt(item.spins) * item.spinStake : 0n;

export const mallItemView = (
  item: MallItemRow,
  exponent: number,
  language: string,
  redeemedByMember: number,
): MallItem => ({
  id: item.id.toString(),
  kind: item.kind as MallItem['kind'],
  name: textIn(item.name, language),
  description: textIn(item.description, language),
  imageUrl:
    item.imageUploadId === null
      ? null
      : `${apiPrefix}/loyalty/mall-items/${item.id}/image?v=${item.imageUploadId}`,
  pointsCost: item.pointsCost.toString(),
  amount: formatMinorUnits(itemValue(item), exponent),
  spins: item.spins,
  spinStake: formatMinorUnits(item.spinStake, exponent),
  turnoverMultiplier: item.turnoverMultiplier,
  stock: item.stock,
  perMemberLimit: item.perMemberLimit,
  redeemedByMember,
  minimumVipRank: item.minimumVipRank,
});

export const adminMallItemView = (item: MallItemRow, exponent: number): AdminMallItem => ({
  id: item.id.toString(),
  kind: item.kind as AdminMallItem['kind'],
  name: item.name,
  description: item.description,
  imageUploadId: item.imageUploadId,
  pointsCost: item.pointsCost.toString(),
  amount: formatMinorUnits(item.amount, exponent),
  turnoverMultiplier: item.turnoverMultiplier,
  spins: item.spins,
  spinStake: formatMinorUnits(item.spinStake, exponent),
  stock: item.stock,
  perMemberLimit: item.perMemberLimit,
  minimumVipRank: item.minimumVipRank,
  status: item.status as AdminMallItem['status'],
  sortOrder: item.sortOrder,
  createdAt: item.createdAt.toISOString(),
  updatedAt: item.updatedAt.toISOString(),
});

/** The reference a member quotes for a redemption. */
export const redemptionReference = (redemption: RedemptionRow): string =>
  `PM${redemption.id.toString().padStart(8, '0')}`;

export const redemptionView = (
  redemption: RedemptionRow,
  item: MallItemRow,
  exponent: number,
  language: string,
): Redemption => ({
  id: redemption.id.toString(),
  reference: redemptionReference(redemption),
  appliedAt: redemption.createdAt.toISOString(),
  kind: item.kind as Redemption['kind'],
  name: textIn(item.name, language),
  quantity: redemption.quantity,
  points: redemption.points.toString(),
  amount: formatMinorUnits(redemption.amount, exponent),
  status: redemption.status as Redemption['status'],
  remark: redemption.remark,
  trackingNumber: redemption.trackingNumber,
});

export const adminRedemptionView = (
  redemption: RedemptionRow,
  item: MallItemRow,
  exponent: number,
  username: string,
): AdminRedemption => ({
  ...redemptionView(redemption, item, exponent, 'en'),
  memberId: redemption.memberId.toString(),
  username,
  itemId: item.id.toString(),
  shipping: redemption.shipping ?? null,
  updatedAt: redemption.updatedAt.toISOString(),
});
