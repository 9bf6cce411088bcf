/**
 * The promotions domain's constants, free of zod so the site's first load need not carry them;
 * promotions.ts holds the schemas and re-exports these.
 */

/**
 * What a promotion gives. Wagering bonuses (sign-up, deposit match, granted) are credited to the member's bonus
 * balance and must be wagered before they become cash; the others pay rewards to the member's cash with a plain
 * turnover requirement (`turnoverPercent` of the reward).
 */
export const promotionKinds = [
  'signup',
  'deposit_match',
  'cashback',
  'rebate',
  'referral',
  'red_envelope',
  'raffle',
  'granted',
] as const;
export type PromotionKind = (typeof promotionKinds)[number];

/** Kinds whose money goes to the bonus balance under a wagering requirement. */
export const wageringBonusKinds: ReadonlySet<PromotionKind> = new Set(['signup', 'deposit_match', 'granted']);

/** Where the site files a promotion on `/promotions`. */
export const promotionCategories = ['welcome', 'deposit', 'rebate', 'event', 'referral', 'other'] as const;
export type PromotionCategory = (typeof promotionCategories)[number];

/**
 * The operator's switch: a draft is not shown, a live promotion runs between its start and end, a paused one
 * is shown as closed and cannot be claimed, an ended one is over for good.
 */
export const promotionStatuses = ['draft', 'live', 'paused', 'ended'] as const;
export type PromotionStatus = (typeof promotionStatuses)[number];

/** What the member sees on a promotion (spec: Promotion statuses). */
export const promotionPhases = ['coming_soon', 'open', 'closed'] as const;
export type PromotionPhase = (typeof promotionPhases)[number];

/** The languages a promotion's content is written in; EN is required, UR falls back to it. */
export const promotionLanguages = ['en', 'ur'] as const;

/**
 * A bonus's life: active while it is being wagered; completed when wagering is met (the rest becomes cash);
 * expired or forfeited (a withdrawal, or staff) when the rest returns to the house; lost when it was played
 * down to nothing before its wagering was met.
 */
export const bonusStatuses = ['active', 'completed', 'expired', 'forfeited', 'lost'] as const;
export type BonusStatus = (typeof bonusStatuses)[number];

/** Whether the requirement is the bonus times the multiplier, or the bonus and its deposit times it. */
export const wageringBases = ['bonus', 'bonus_deposit'] as const;
export type WageringBase = (typeof wageringBases)[number];

/** Product lines a valid bet is reported under (the ledger's product lines). */
export const wageringProductLines = [
  'RNG',
  'LIVE',
  'FISH',
  'SPORTS',
  'ESPORTS',
  'PVP',
  'LOTT',
  'ELOTT',
  'COCKFIGHT',
] as const;
export type WageringProductLine = (typeof wageringProductLines)[number];

/** Contribution in percent when the operator says nothing: slots and fishing fully, tables little. */
export const defaultContributionPercent: Record<WageringProductLine, number> = {
  RNG: 100,
  FISH: 100,
  LIVE: 10,
  SPORTS: 50,
  ESPORTS: 50,
  PVP: 20,
  LOTT: 50,
  ELOTT: 50,
  COCKFIGHT: 20,
};

/** Where a reward in the reward centre comes from. */
export const rewardSources = [
  'rebate',
  'cashback',
  'red_envelope',
  'raffle',
  'referral',
  'mission',
  'vip',
  'granted',
] as const;
export type RewardSource = (typeof rewardSources)[number];

/** A claimable reward waits; claimed is paid; expired was not claimed in time. */
export const rewardStatuses = ['claimable', 'claimed', 'expired'] as const;
export type RewardStatus = (typeof rewardStatuses)[number];
