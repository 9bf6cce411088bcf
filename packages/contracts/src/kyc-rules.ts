import type { RuleMessage } from './validation-rules';

/**
 * Age and identity (issue 26, item 4): the rules the site and the server share, without zod so the
 * registration form can check a date of birth without loading the schemas.
 */

/** How far a member's identity is verified; each tier includes the one before. */
export const kycTiers = ['none', 'basic', 'verified'] as const;
export type KycTier = (typeof kycTiers)[number];
/** The tiers a brand may require before a large withdrawal is reviewed. */
export const requirableKycTiers = ['basic', 'verified'] as const;
export type RequirableKycTier = (typeof requirableKycTiers)[number];

export const kycDocumentKinds = ['identity', 'address', 'payment_method'] as const;
export type KycDocumentKind = (typeof kycDocumentKinds)[number];

/** A document waits for staff (pending), then is approved or rejected (with a reason the member reads). */
export const kycDocumentStatuses = ['pending', 'approved', 'rejected'] as const;
export type KycDocumentStatus = (typeof kycDocumentStatuses)[number];

/**
 * The tier rule: basic once an identity document is approved; verified once an identity and a proof of
 * address are approved. A payment-method document is optional: staff may ask for one (it is kept and
 * reviewed like the others) but no tier depends on it.
 */
export const kycTierRequirements: Record<RequirableKycTier, readonly KycDocumentKind[]> = {
  basic: ['identity'],
  verified: ['identity', 'address'],
};

/** The tier the approved documents of these kinds give. */
export const tierOfApprovedKinds = (approved: readonly KycDocumentKind[]): KycTier => {
  const has = (tier: RequirableKycTier) => kycTierRequirements[tier].every((kind) => approved.includes(kind));
  if (has('verified')) return 'verified';
  return has('basic') ? 'basic' : 'none';
};

/** Whether a member at `tier` meets `required`. */
export const isTierAtLeast = (tier: KycTier, required: KycTier): boolean =>
  kycTiers.indexOf(tier) >= kycTiers.indexOf(required);

/** The spec's age of consent, the default of a brand's minimum age and the least an operator may set. */
export const defaultMinimumAge = 18;
export const minimumAgeBounds = { min: defaultMinimumAge, max: 99 } as const;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar date of an ISO `yyyy-MM-dd` string; undefined when it is not a real date. */
const parseIsoDate = (value: string): { year: number; month: number; day: number } | undefined => {
  const match = isoDate.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const isReal =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isReal ? { year, month, day } : undefined;
};

/**
 * Whole years from a date of birth to `today` (its UTC calendar date); undefined when the birthday is not a
 * date. Someone born on 29 February comes of age on 1 March in a common year.
 */
export const ageOn = (birthday: string, today: Date): number | undefined => {
  const born = parseIsoDate(birthday);
  if (!born) return undefined;
  const [year, month, day] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  const hasHadBirthday = month > born.month || (month === born.month && day >= born.day);
  return year - born.year - (hasHadBirthday ? 0 : 1);
};

/** The oldest date of birth accepted; anything before it is a typing mistake. */
const earliestBirthYear = 1900;

/**
 * A date of birth at registration: required, a real date between 1900 and today, and at least the brand's
 * minimum age. The keys are the site's `validation.*` messages; the server answers BIRTHDAY_REQUIRED,
 * VALIDATION_FAILED or UNDER_MINIMUM_AGE for the same cases.
 */
export const checkBirthday = (
  value: string | undefined,
  minimumAge: number,
  today: Date = new Date(),
): RuleMessage | null => {
  const input = value?.trim() ?? '';
  if (input === '') return { key: 'birthday_required' };
  const age = ageOn(input, today);
  const born = parseIsoDate(input);
  if (age === undefined || born === undefined || born.year < earliestBirthYear || age < 0) {
    return { key: 'birthday_invalid' };
  }
  return age < minimumAge ? { key: 'birthday_under_age', values: { age: minimumAge } } : null;
};
