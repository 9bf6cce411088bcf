import type { TFunction } from 'i18next';
import type { ApiErrorCode } from '../../lib/api-client';
import {
  type FormMessage,
  type FormRuleMessage,
  useFormMessages as useSharedFormMessages,
} from '../../lib/use-form-messages';
import type { TranslateRule } from '../../lib/use-site-form';
import type en from '../../locales/en.json';

export type PaymentRule = keyof typeof en.payments.validation;
export type PaymentRuleMessage = FormRuleMessage<PaymentRule>;
export type PaymentMessage = FormMessage<PaymentRule>;

const translateRule = (t: TFunction, message: PaymentRuleMessage): string =>
  t(`payments.validation.${message.rule}`, message.values ?? {});

/** The shared form messages, with the payment pages' own rules. */
export const useFormMessages = <Field extends string>(
  fields: readonly Field[],
  fieldOfCode: Partial<Record<ApiErrorCode, Field>> = {},
) => useSharedFormMessages<Field, PaymentRule>(fields, { translateRule, fieldOfCode });

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
