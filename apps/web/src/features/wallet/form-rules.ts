import { paymentPasswordPattern } from '@wps/contracts/wallet';
import { z } from 'zod';
import type { TranslateRule } from '../../lib/use-site-form';
import type en from '../../locales/en.json';

export type WalletRule = keyof typeof en.wallet.validation;

/** Every wallet rule, so a form's message key can be told from the server's words (checked by the compiler). */
const walletRules: Record<WalletRule, true> = {
  amount_required: true,
  amount_invalid: true,
  password_required: true,
  password_invalid: true,
  username_required: true,
  range_reversed: true,
};
const isWalletRule = (key: string): key is WalletRule => Object.hasOwn(walletRules, key);

/** The wallet's rule keys in the member's language, for its forms (useSiteForm). */
export const translateWalletRule: TranslateRule = (t, key) =>
  isWalletRule(key) ? t(`wallet.validation.${key}`) : key;

/** A wallet form's message is its rule key (wallet.validation.*), translated when it is shown. */
const rule = (key: WalletRule): string => key;

/**
 * A transfer to the upline, or (agents) to a member of the downline by username, checked before sending; the
 * amount is checked by checkAmountInput.
 */
export const memberTransferFormSchema = (kind: 'upline' | 'downline') =>
  z.object({
    username: kind === 'downline' ? z.string().trim().min(1, rule('username_required')) : z.string(),
    amount: z.string(),
    paymentPassword: z
      .string()
      .min(1, rule('password_required'))
      .regex(paymentPasswordPattern, rule('password_invalid')),
  });
