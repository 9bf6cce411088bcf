import { toMinorUnits } from '@wps/contracts/money';
import { paymentPasswordPattern } from '@wps/contracts/wallet';
import { z } from 'zod';
import { translateRuleMessage } from '../../lib/translate-message';
import type { TranslateRule } from '../../lib/use-site-form';
import type en from '../../locales/en.json';
import { isFigureInput, parseRatePercent } from './contract-format';

export type AgentRule = keyof typeof en.agents.validation;

/** Every agent rule, so a form's message key can be told from the server's words (checked by the compiler). */
const agentRules: Record<AgentRule, true> = {
  username_required: true,
  password_required: true,
  passwords_differ: true,
  downline_required: true,
  tiers_invalid: true,
  rate_above_max: true,
};
const isAgentRule = (key: string): key is AgentRule => Object.hasOwn(agentRules, key);

/**
 * The agent centre's rule keys in the member's language, for its forms (useSiteForm); the shared validation keys
 * (the password policy's) too, and the server's words as they came.
 */
export const translateAgentRule: TranslateRule = (t, key, values) =>
  isAgentRule(key)
    ? t(`agents.validation.${key}`, values ?? {})
    : translateRuleMessage(t, values === undefined ? { key } : { key, values });

/** An agent form's message is its rule key (agents.validation.*), translated when it is shown. */
const rule = (key: AgentRule): string => key;

/** A member or sub-agent registered straight under the agent; the server checks the name's length again. */
export const registerDownlineFormSchema = z
  .object({
    username: z.string().trim().min(1, rule('username_required')),
    password: z.string().min(1, rule('password_required')),
    confirmPassword: z.string(),
  })
  .refine((values) => values.confirmPassword === values.password, {
    path: ['confirmPassword'],
    message: rule('passwords_differ'),
  });

/** One tier as the upline types it; sent as numbers once it passes. */
export type TierDraft = { key: number; minFigure: string; minActiveMembers: string; ratePercent: string };

const isTierValid = (tier: Omit<TierDraft, 'key'>): boolean =>
  isFigureInput(tier.minFigure) &&
  /^\d{1,7}$/.test(tier.minActiveMembers.trim()) &&
  parseRatePercent(tier.ratePercent) !== null;

/**
 * A contract offer: a downline chosen, every tier readable, and no rate above the upline's own (null when
 * unlimited); a bad tier is told before a rate too high.
 */
export const contractOfferFormSchema = (maxRateBasisPoints: number | null) =>
  z.object({
    downline: z.string().min(1, rule('downline_required')),
    tiers: z
      .array(z.object({ minFigure: z.string(), minActiveMembers: z.string(), ratePercent: z.string() }))
      .refine((tiers) => tiers.every(isTierValid), rule('tiers_invalid'))
      .refine(
        (tiers) =>
          maxRateBasisPoints === null ||
          Math.max(...tiers.map((tier) => parseRatePercent(tier.ratePercent) ?? 0)) <= maxRateBasisPoints,
        rule('rate_above_max'),
      ),
  });

/** The transfer's messages are the wallet's own (wallet.validation.*), as on the wallet's transfer page. */
const transferRules = [
  'amount_required',
  'amount_invalid',
  'password_required',
  'password_invalid',
] as const satisfies readonly (keyof typeof en.wallet.validation)[];
type TransferRule = (typeof transferRules)[number];
const isTransferRule = (key: string): key is TransferRule => transferRules.some((rule) => rule === key);

/** The downline transfer's rule keys in the member's language (useSiteForm). */
export const translateTransferRule: TranslateRule = (t, key) =>
  isTransferRule(key) ? t(`wallet.validation.${key}`) : key;

const transferRule = (key: TransferRule): string => key;

/** A plain amount above zero with at most two decimals; the server checks the currency's exponent again. */
const isAmountInput = (text: string): boolean => {
  try {
    toMinorUnits(text, 2);
    return true;
  } catch {
    return false;
  }
};

/** Money to one downline member, confirmed with the payment password. */
export const downlineTransferFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .min(1, transferRule('amount_required'))
    .refine(isAmountInput, transferRule('amount_invalid')),
  paymentPassword: z
    .string()
    .min(1, transferRule('password_required'))
    .regex(paymentPasswordPattern, transferRule('password_invalid')),
});
