import { z } from 'zod';
import { successEnvelope } from './envelope';
import { uploadIdSchema } from './uploads';
import { amountSchema } from './wallet';

/** What a mall item gives: bonus money, slot spins (credited as bonus money), or a thing shipped to the member. */
export const mallItemKinds = ['bonus', 'free_spins', 'physical'] as const;
export type MallItemKind = (typeof mallItemKinds)[number];
export const mallItemStatuses = ['live', 'hidden'] as const;
export const redemptionStatuses = [
  'pending',
  'approved',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
] as const;
export type RedemptionStatus = (typeof redemptionStatuses)[number];

/** Where points were earned, as the balance breaks them down (the spec's game types). */
export const pointEarningSources = ['deposit', 'live', 'lottery', 'pvp', 'slots', 'sports'] as const;
export type PointEarningSource = (typeof pointEarningSources)[number];

/** A decimal amount in the brand's currency ("100", "12.50"). */
const decimalSchema = amountSchema.regex(/^\d{1,15}(\.\d{1,8})?$/);
/** Whole points on the wire, as a decimal string. */
const pointsSchema = z.string().regex(/^\d{1,15}$/);
const idSchema = z.string().regex(/^\d{1,18}$/);
/** The member's own id for one submission: a repeat answers the first result. */
const requestIdSchema = z.string().trim().min(8).max(64);

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

// ---- Member side (/wps/relay) ----

/** The site's language for names (a name not written in it falls back to English). */
const languageSchema = z.string().trim().min(2).max(10).optional();
export const pointLanguageQuerySchema = z.strictObject({ language: languageSchema });

export const pointBalanceSchema = z.object({
  balance: pointsSchema,
  /** Lifetime points earned per source, each rounded down (fractions are kept until they make a point). */
  earned: z.record(z.enum(pointEarningSources), pointsSchema),
  /** Points from missions and staff adjustments (signed total). */
  other: z.string(),
  redeemed: pointsSchema,
  converted: pointsSchema,
});
export type PointBalance = z.infer<typeof pointBalanceSchema>;
export const pointBalanceResponseSchema = successEnvelope(pointBalanceSchema);

export const pointConfigSchema = z.object({
  isEnabled: z.boolean(),
  /** Points that convert into one whole unit of the brand's currency. */
  pointsPerCashUnit: z.number().int(),
  minimumConversionPoints: z.number().int(),
  /** Points per one whole unit deposited. */
  pointsPerDepositUnit: z.string(),
  /** Points per whole unit of valid bet, per product line, at the member's VIP level. */
  betRates: z.record(z.string(), z.string()),
  conversionTurnoverMultiplier: z.number().int(),
  currency: z.string(),
});
export type PointConfig = z.infer<typeof pointConfigSchema>;
export const pointConfigResponseSchema = successEnvelope(pointConfigSchema);

export const mallItemSchema = z.object({
  id: z.string(),
  kind: z.enum(mallItemKinds),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  pointsCost: pointsSchema,
  /** Bonus money (bonus, and spins × stake for free spins), in the brand's currency. */
  amount: z.string(),
  spins: z.number().int(),
  spinStake: z.string(),
  turnoverMultiplier: z.number().int(),
  /** Null: unlimited. */
  stock: z.number().int().nullable(),
  perMemberLimit: z.number().int().nullable(),
  /** How many the member has redeemed (not cancelled). */
  redeemedByMember: z.number().int(),
  minimumVipRank: z.number().int(),
});
export type MallItem = z.infer<typeof mallItemSchema>;
export const mallItemListResponseSchema = successEnvelope(z.object({ list: z.array(mallItemSchema) }));

export const shippingSchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  phone: z.string().trim().min(5).max(30),
  address: z.string().trim().min(5).max(300),
});
export type Shipping = z.infer<typeof shippingSchema>;

export const redeemRequestSchema = z.strictObject({
  itemId: idSchema,
  quantity: z.number().int().min(1).max(100),
  requestId: requestIdSchema,
  paymentPassword: z.string().min(1).max(64),
  shipping: shippingSchema.optional(),
});
export type RedeemRequest = z.infer<typeof redeemRequestSchema>;

export const redemptionSchema = z.object({
  id: z.string(),
  /** The transaction reference shown to the member. */
  reference: z.string(),
  appliedAt: z.string(),
  kind: z.enum(mallItemKinds),
  name: z.string(),
  quantity: z.number().int(),
  points: pointsSchema,
  amount: z.string(),
  status: z.enum(redemptionStatuses),
  remark: z.string().nullable(),
  trackingNumber: z.string().nullable(),
});
export type Redemption = z.infer<typeof redemptionSchema>;
export const redemptionResponseSchema = successEnvelope(redemptionSchema);

export const redeemListQuerySchema = z.strictObject({
  ...pageQuery,
  language: languageSchema,
  status: z.enum(redemptionStatuses).optional(),
});
export const redemptionListResponseSchema = successEnvelope(
  z.object({ list: z.array(redemptionSchema), total: z.number().int(), totalPages: z.number().int() }),
);

export const convertRequestSchema = z.strictObject({
  points: pointsSchema,
  requestId: requestIdSchema,
  paymentPassword: z.string().min(1).max(64),
});
export type ConvertRequest = z.infer<typeof convertRequestSchema>;
export const conversionSchema = z.object({
  id: z.string(),
  points: pointsSchema,
  amount: z.string(),
  currency: z.string(),
  turnoverRequired: z.string(),
  createdAt: z.string(),
});
export type Conversion = z.infer<typeof conversionSchema>;
export const conversionResponseSchema = successEnvelope(conversionSchema);

/** `beforeId`: the last entry id of the previous page (newest first). */
export const pointTransactionQuerySchema = z.strictObject({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  beforeId: idSchema.optional(),
});
export const pointTransactionSchema = z.object({
  id: z.string(),
  /** points.earn, points.mission, points.redeem, points.return, points.convert, points.adjust. */
  kind: z.string(),
  points: z.string(),
  balanceAfter: z.string(),
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  createdAt: z.string(),
});
export type PointTransaction = z.infer<typeof pointTransactionSchema>;
export const pointTransactionListResponseSchema = successEnvelope(
  z.object({ list: z.array(pointTransactionSchema), nextBeforeId: z.string().nullable() }),
);

// ---- Operator side (/wps/backoffice/loyalty) ----

const textSchema = z.strictObject({
  en: z.string().trim().min(1).max(200),
  ur: z.string().trim().max(200).optional(),
});
const longTextSchema = z.strictObject({
  en: z.string().trim().max(2000),
  ur: z.string().trim().max(2000).optional(),
});

export const mallItemBodySchema = z.strictObject({
  kind: z.enum(mallItemKinds),
  name: textSchema,
  description: longTextSchema,
  imageUploadId: uploadIdSchema.nullable(),
  pointsCost: pointsSchema.refine((value) => BigInt(value) > 0n, 'at least one point'),
  /** Bonus: the money given; ignored for the other kinds. */
  amount: decimalSchema.default('0'),
  turnoverMultiplier: z.number().int().min(0).max(100).default(0),
  spins: z.number().int().min(0).max(1000).default(0),
  spinStake: decimalSchema.default('0'),
  stock: z.number().int().min(0).max(1_000_000).nullable(),
  perMemberLimit: z.number().int().min(1).max(10_000).nullable(),
  minimumVipRank: z.number().int().min(0).max(100).default(0),
  status: z.enum(mallItemStatuses),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type MallItemBody = z.input<typeof mallItemBodySchema>;
export const adminMallItemSchema = z.object({
  id: z.string(),
  kind: z.enum(mallItemKinds),
  name: z.object({ en: z.string(), ur: z.string().optional() }),
  description: z.object({ en: z.string(), ur: z.string().optional() }),
  imageUploadId: z.string().nullable(),
  pointsCost: pointsSchema,
  amount: z.string(),
  turnoverMultiplier: z.number().int(),
  spins: z.number().int(),
  spinStake: z.string(),
  stock: z.number().int().nullable(),
  perMemberLimit: z.number().int().nullable(),
  minimumVipRank: z.number().int(),
  status: z.enum(mallItemStatuses),
  sortOrder: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminMallItem = z.infer<typeof adminMallItemSchema>;
export const adminMallItemResponseSchema = successEnvelope(adminMallItemSchema);
export const adminMallItemListResponseSchema = successEnvelope(
  z.object({ list: z.array(adminMallItemSchema) }),
);
export const mallItemParamsSchema = z.strictObject({ id: idSchema });

export const adminRedemptionSchema = redemptionSchema.extend({
  memberId: z.string(),
  username: z.string(),
  itemId: z.string(),
  shipping: z.object({ name: z.string(), phone: z.string(), address: z.string() }).nullable(),
  updatedAt: z.string(),
});
export type AdminRedemption = z.infer<typeof adminRedemptionSchema>;
export const adminRedemptionResponseSchema = successEnvelope(adminRedemptionSchema);
export const adminRedemptionListQuerySchema = z.strictObject({
  ...pageQuery,
  status: z.enum(redemptionStatuses).optional(),
});
export const adminRedemptionListResponseSchema = successEnvelope(
  z.object({ list: z.array(adminRedemptionSchema), total: z.number().int(), totalPages: z.number().int() }),
);
export const redemptionParamsSchema = z.strictObject({ id: idSchema });
/** approve: pending → approved; ship: approved → shipped; deliver: shipped → delivered; cancel: not yet delivered. */
export const redemptionActions = ['approve', 'ship', 'deliver', 'cancel'] as const;
export type RedemptionAction = (typeof redemptionActions)[number];
export const redemptionActionRequestSchema = z.strictObject({
  action: z.enum(redemptionActions),
  trackingNumber: z.string().trim().min(1).max(100).optional(),
  remark: z.string().trim().max(500).optional(),
});
export type RedemptionActionRequest = z.infer<typeof redemptionActionRequestSchema>;

export const loyaltySettingsBodySchema = z.strictObject({
  isPointsEnabled: z.boolean(),
  pointsPerDepositUnit: z.string().regex(/^\d{1,8}(\.\d{1,4})?$/),
  pointsPerCashUnit: z.number().int().min(1).max(1_000_000),
  minimumConversionPoints: z.number().int().min(1).max(100_000_000),
  conversionTurnoverMultiplier: z.number().int().min(0).max(100),
});
export type LoyaltySettingsBody = z.infer<typeof loyaltySettingsBodySchema>;
export const loyaltySettingsResponseSchema = successEnvelope(
  loyaltySettingsBodySchema.extend({ updatedAt: z.string() }),
);

export const pointAdjustmentRequestSchema = z.strictObject({
  username: z.string().trim().min(1).max(64),
  /** Signed whole points: positive credits, negative takes (never below zero). */
  points: z.string().regex(/^-?\d{1,12}$/),
  reason: z.string().trim().min(3).max(500),
  requestId: requestIdSchema,
});
export type PointAdjustmentRequest = z.infer<typeof pointAdjustmentRequestSchema>;
export const pointAdjustmentResponseSchema = successEnvelope(
  z.object({ memberId: z.string(), points: z.string(), balance: z.string() }),
);
