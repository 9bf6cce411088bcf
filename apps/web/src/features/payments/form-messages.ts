import type { TFunction } from 'i18next';
import type { ApiErrorCode } from '../../lib/api-client';
import {
  type FormMessage,
  type FormRuleMessage,
  useFormMessages as useSharedFormMessages,
} from '../../lib/use-form-messages';
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
