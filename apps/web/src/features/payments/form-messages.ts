import type { TranslateRule } from '../../lib/use-site-form';
import type en from '../../locales/en.json';

export type PaymentRule = keyof typeof en.payments.validation;
/** A payment rule found before sending, with the values its wording needs. */
export type PaymentRuleMessage = { rule: PaymentRule; values?: Record<string, string | number> };

/** Every payment rule, so a form's message key can be told from the server's words (checked by the compiler). */
const paymentRules: Record<PaymentRule, true> = {
  required: true,
  amount_required: true,
  amount_format: true,
  amount_min: true,
  amount_max: true,
  amount_over_balance: true,
  reference_required: true,
  proof_required: true,
  payment_password_format: true,
  confirm_mismatch: true,
  provider_name: true,
  account_number: true,
  holder_name: true,
  payout_account_required: true,
};
const isPaymentRule = (key: string): key is PaymentRule => Object.hasOwn(paymentRules, key);

/** The payment pages' rule keys in the member's language, for the forms on react-hook-form (useSiteForm). */
export const translatePaymentRule: TranslateRule = (t, key, values) =>
  isPaymentRule(key) ? t(`payments.validation.${key}`, values ?? {}) : key;

/** A payment rule as the site form keeps it: its key, and the values its wording needs. */
export const paymentRuleError = ({ rule, values }: PaymentRuleMessage) =>
  values === undefined ? { key: rule } : { key: rule, values };
