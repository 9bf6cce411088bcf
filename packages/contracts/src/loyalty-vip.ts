import { z } from 'zod';
import { successEnvelope } from './envelope';
import { uploadIdSchema } from './uploads';

/** A level's name per language (English required), as the operator wrote it. */
export const vipLevelNameSchema = z.object({ en: z.string(), ur: z.string().optional() });
export type VipLevelName = z.infer<typeof vipLevelNameSchema>;

export const vipKeepPeriods = ['month', 'quarter'] as const;
export type VipKeepPeriod = (typeof vipKeepPeriods)[number];

/** How far a figure is: done and needed (decimals in the brand's currency) and the percent done (0–100). */
export const vipProgressSchema = z.object({ done: z.string(), needed: z.string(), percent: z.number() });
export type VipProgress = z.infer<typeof vipProgressSchema>;

/** One row of the benefits table (amounts are decimals in the brand's currency; rates per product line). */
export const vipBenefitsSchema = z.object({
  rank: z.number().int(),
  name: vipLevelNameSchema,
  iconUrl: z.string().nullable(),
  depositThreshold: z.string(),
  validBetThreshold: z.string(),
  keepPeriod: z.enum(vipKeepPeriods),
  keepDeposit: z.string(),
  keepValidBet: z.string(),
  levelUpBonus: z.string(),
  monthlyBonus: z.string(),
  birthdayBonus: z.string(),
  /** Rebate percent per product line ("0.8" is 0.8 %). */
  rebateRates: z.record(z.string(), z.string()),
  /** Points per whole currency unit of valid bet, per product line. */
  pointRates: z.record(z.string(), z.string()),
  /** Null: the brand's usual limits. */
  dailyWithdrawalCount: z.number().int().nullable(),
  dailyWithdrawalAmount: z.string().nullable(),
  /** The personal manager's contact, shown for the member's own level only. */
  managerContact: z.string().nullable(),
});
export type VipBenefits = z.infer<typeof vipBenefitsSchema>;

/** MCS2_getPlayerRank: the member's level, the way to the next, the keep-level status and every level's benefits. */
export const playerRankSchema = z.object({
  currency: z.string(),
  current: z.object({ rank: z.number().int(), name: vipLevelNameSchema, iconUrl: z.string().nullable() }),
  /** Null at the top level. */
  next: z
    .object({
      rank: z.number().int(),
      name: vipLevelNameSchema,
      deposit: vipProgressSchema,
      validBet: vipProgressSchema,
      /** The lesser of the two: the level is reached at 100. */
      percent: z.number(),
    })
    .nullable(),
  /** Null where the level asks nothing to keep (the entry level, or no keep requirement). */
  keep: z
    .object({
      period: z.enum(vipKeepPeriods),
      /** First and last day of the running period (brand's clock, YYYY-MM-DD). */
      periodStart: z.string(),
      periodEnd: z.string(),
      deposit: vipProgressSchema,
      validBet: vipProgressSchema,
      isKept: z.boolean(),
    })
    .nullable(),
  levels: z.array(vipBenefitsSchema),
});
export type PlayerRank = z.infer<typeof playerRankSchema>;
export const playerRankResponseSchema = successEnvelope(playerRankSchema);

/** A decimal in the brand's currency; zero allowed ("0": no condition). */
const decimalSchema = z.string().regex(/^\d{1,15}(\.\d{1,8})?$/, 'a decimal amount such as 100 or 12.50');
/** A rate per product line, e.g. { RNG: "0.8" }. */
const ratesSchema = z.record(
  z.string().regex(/^[A-Z_]{2,20}$/, 'a product line such as RNG'),
  z.string().regex(/^\d{1,6}(\.\d{1,4})?$/, 'a rate such as 0.8'),
);

/** What the operator sets for a level (console). */
export const vipLevelBodySchema = z.strictObject({
  rank: z.number().int().min(0).max(99),
  name: z.strictObject({ en: z.string().trim().min(1).max(40), ur: z.string().trim().max(40).optional() }),
  depositThreshold: decimalSchema,
  validBetThreshold: decimalSchema,
  keepPeriod: z.enum(vipKeepPeriods),
  keepDeposit: decimalSchema,
  keepValidBet: decimalSchema,
  levelUpBonus: decimalSchema,
  monthlyBonus: decimalSchema,
  birthdayBonus: decimalSchema,
  bonusTurnoverMultiplier: z.number().int().min(0).max(100),
  pointRates: ratesSchema,
  rebateRates: ratesSchema,
  dailyWithdrawalCount: z.number().int().min(1).max(1_000).nullable(),
  dailyWithdrawalAmount: decimalSchema.nullable(),
  managerContact: z.string().trim().max(200).nullable(),
  /** The level's icon: an operator upload of the brand (POST /wps/backoffice/uploads); null: none. */
  iconUploadId: uploadIdSchema.nullable(),
});
export type VipLevelBody = z.infer<typeof vipLevelBodySchema>;

/** A level as the console shows it: what was set, its id and how many members hold it. */
export const vipLevelAdminSchema = vipLevelBodySchema.extend({
  id: z.string(),
  name: vipLevelNameSchema,
  iconUploadId: z.string().nullable(),
  members: z.number().int(),
  updatedAt: z.string(),
});
export type VipLevelAdmin = z.infer<typeof vipLevelAdminSchema>;
export const vipLevelListResponseSchema = successEnvelope(
  z.object({ currency: z.string(), levels: z.array(vipLevelAdminSchema) }),
);
export const vipLevelResponseSchema = successEnvelope(vipLevelAdminSchema);
export const vipLevelParamsSchema = z.strictObject({ id: z.string().regex(/^\d{1,18}$/) });

/** Staff set a member's level by hand: audited, with a reason; `requestId` makes a repeat change nothing. */
export const setMemberVipLevelBodySchema = z.strictObject({
  username: z.string().trim().min(1).max(40),
  rank: z.number().int().min(0).max(99),
  reason: z.string().trim().min(3).max(500),
  requestId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
});
export type SetMemberVipLevelBody = z.infer<typeof setMemberVipLevelBodySchema>;
export const memberVipLevelResponseSchema = successEnvelope(
  z.object({
    memberId: z.string(),
    username: z.string(),
    fromRank: z.number().int(),
    toRank: z.number().int(),
  }),
);
export type MemberVipLevelChange = z.infer<typeof memberVipLevelResponseSchema>['value'];
