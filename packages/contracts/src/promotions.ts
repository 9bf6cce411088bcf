import { z } from 'zod';
import { successEnvelope } from './envelope';
import {
  bonusStatuses,
  promotionCategories,
  promotionKinds,
  promotionPhases,
  promotionStatuses,
  rewardSources,
  rewardStatuses,
  wageringBases,
  wageringProductLines,
} from './promotions-rules';
import { uploadIdSchema } from './uploads';
import { amountSchema } from './wallet';

export * from './promotions-rules';

/** A decimal amount in the brand's currency ("100", "12.50"); the server converts it exactly or refuses it. */
const decimalSchema = amountSchema.regex(/^\d{1,15}(\.\d{1,8})?$/);
const percentSchema = z.number().int().min(0).max(100);

/** How a wagering bonus must be played before it becomes cash. */
export const wageringRulesSchema = z.strictObject({
  /** Times the base must be wagered (0: the bonus is cash at once). */
  multiplier: z.number().int().min(0).max(100),
  base: z.enum(wageringBases),
  /** Percent of each valid bet that counts, per product line; lines not named count their default. */
  contributions: z.partialRecord(z.enum(wageringProductLines), percentSchema).default({}),
  /** The largest stake allowed while the bonus is active ("0": no limit). */
  maxStake: decimalSchema,
  /** Days after the grant when the rest of an unfinished bonus returns to the house. */
  expiresInDays: z.number().int().min(1).max(365),
});
export type WageringRules = z.infer<typeof wageringRulesSchema>;

/** What each kind gives; amounts are decimals in the brand's currency. */
export const promotionConfigSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('signup'), amount: decimalSchema, wagering: wageringRulesSchema }),
  z.strictObject({
    kind: z.literal('deposit_match'),
    /** First deposit only, later deposits only, or any deposit. */
    depositKind: z.enum(['first', 'reload', 'any']),
    /** The bonus is this percent of the deposit, up to `cap`. */
    percent: z.number().int().min(1).max(1000),
    cap: decimalSchema,
    minDeposit: decimalSchema,
    /** Deposit channels (codes) the offer applies to; empty: all. */
    channelCodes: z.array(z.string().max(32)).max(50).default([]),
    wagering: wageringRulesSchema,
  }),
  z.strictObject({ kind: z.literal('granted'), wagering: wageringRulesSchema }),
  z.strictObject({
    kind: z.literal('cashback'),
    /** Percent of the period's net loss, paid as a claimable reward. */
    percent: z.number().int().min(1).max(100),
    period: z.enum(['daily', 'weekly']),
    minLoss: decimalSchema,
    cap: decimalSchema,
  }),
  z.strictObject({
    kind: z.literal('rebate'),
    /** Rebate per product line in basis points of the day's valid bet (50 = 0.5 %). */
    rates: z.partialRecord(z.enum(wageringProductLines), z.number().int().min(0).max(1000)),
    /** The most one member is paid for one day ("0": no limit). */
    dailyCap: decimalSchema,
  }),
  z.strictObject({
    kind: z.literal('referral'),
    /** The invitee qualifies after depositing this much in total and wagering this much. */
    inviteeDeposit: decimalSchema,
    inviteeValidBet: decimalSchema,
    /** Paid to the referrer (as a claimable reward) per qualifying invitee. */
    reward: decimalSchema,
  }),
  z.strictObject({
    kind: z.literal('red_envelope'),
    /** The pool, split into `packets` random packets of at least `minPacket` when the promotion opens. */
    pool: decimalSchema,
    packets: z.number().int().min(1).max(100_000),
    minPacket: decimalSchema,
  }),
  z.strictObject({
    kind: z.literal('raffle'),
    /** One ticket per this much deposited, and per this much valid bet ("0": not earned that way). */
    depositPerTicket: decimalSchema,
    validBetPerTicket: decimalSchema,
    /** When the winners are drawn (after tickets stop at the promotion's end). */
    drawAt: z.iso.datetime(),
    /** The prizes, first prize first; one ticket wins at most one prize. */
    prizes: z.array(decimalSchema).min(1).max(100),
  }),
]);
export type PromotionConfig = z.infer<typeof promotionConfigSchema>;

/** Who may take part; a self-excluded member never may. Empty lists exclude nobody. */
export const promotionEligibilitySchema = z.strictObject({
  /** VIP levels allowed (empty: every level). */
  vipLevels: z.array(z.number().int().min(0).max(100)).max(101).default([]),
  /** ISO country codes of the member's registration that may not take part. */
  excludedCountries: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .max(250)
    .default([]),
  /** Agents (member types 1, 2, 41, 42) may not take part. */
  excludeAgents: z.boolean().default(false),
});
export type PromotionEligibility = z.infer<typeof promotionEligibilitySchema>;

const contentSchema = z.strictObject({
  title: z.string().trim().min(1).max(120),
  summary: z.string().trim().max(300).default(''),
  /** HTML; sanitised by the server before it is stored. */
  terms: z.string().max(50_000).default(''),
});

/** The operator's promotion: create and edit send all of it. */
export const promotionBodySchema = z.strictObject({
  category: z.enum(promotionCategories),
  status: z.enum(promotionStatuses),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime().nullable(),
  content: z.strictObject({ en: contentSchema, ur: contentSchema.optional() }),
  imageUploadId: uploadIdSchema.nullable(),
  /** Claims per member (0: no limit). */
  claimLimit: z.number().int().min(0).max(1000).default(1),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
  /** Percent of a cash reward added to the member's turnover requirement (100: bet it once). */
  turnoverPercent: z.number().int().min(0).max(10_000).default(100),
  eligibility: promotionEligibilitySchema,
  config: promotionConfigSchema,
});
export type PromotionBody = z.input<typeof promotionBodySchema>;

export const promotionSchema = promotionBodySchema.extend({
  id: z.string(),
  kind: z.enum(promotionKinds),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;
export const promotionResponseSchema = successEnvelope(promotionSchema);
export const promotionListResponseSchema = successEnvelope(z.object({ list: z.array(promotionSchema) }));

/** What a member (or a guest) can do with a promotion now. */
export const promotionActionSchema = z.object({
  /** claim: take it now; deposit: pick it on the deposit form; login: a guest; none: nothing to press. */
  action: z.enum(['claim', 'deposit', 'open', 'login', 'none']),
  /** Why the member cannot take part, as an error code the site translates; null when they can. */
  reason: z.string().nullable(),
  claimed: z.number().int(),
});

/** A promotion as the site shows it, in the member's language. */
export const sitePromotionSchema = z.object({
  id: z.string(),
  kind: z.enum(promotionKinds),
  category: z.enum(promotionCategories),
  phase: z.enum(promotionPhases),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  title: z.string(),
  summary: z.string(),
  terms: z.string(),
  imageUrl: z.string().nullable(),
  availability: promotionActionSchema,
});
export type SitePromotion = z.infer<typeof sitePromotionSchema>;
export const sitePromotionListResponseSchema = successEnvelope(
  z.object({ list: z.array(sitePromotionSchema) }),
);

/** A member's bonus and its wagering. */
export const bonusSchema = z.object({
  id: z.string(),
  promotionId: z.string().nullable(),
  title: z.string(),
  status: z.enum(bonusStatuses),
  amount: z.string(),
  /** What is left of it in the bonus balance (the balance is shared; the active bonus owns it). */
  balance: z.string(),
  wageringRequired: z.string(),
  wageringDone: z.string(),
  contributions: z.record(z.string(), z.number()),
  maxStake: z.string(),
  expiresAt: z.string(),
  grantedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Cash it became (completed) or what returned to the house (expired, forfeited). */
  settledAmount: z.string().nullable(),
});
export type Bonus = z.infer<typeof bonusSchema>;
export const bonusListResponseSchema = successEnvelope(
  z.object({ active: bonusSchema.nullable(), history: z.array(bonusSchema) }),
);

/** A reward in the reward centre. */
export const rewardSchema = z.object({
  id: z.string(),
  source: z.enum(rewardSources),
  title: z.string(),
  amount: z.string(),
  status: z.enum(rewardStatuses),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  claimedAt: z.string().nullable(),
});
export type Reward = z.infer<typeof rewardSchema>;
