import type { TFunction } from 'i18next';
import type { ApiErrorCode } from '../../lib/api-client';
import { type FormRuleMessage, useFormMessages as useSharedFormMessages } from '../../lib/use-form-messages';
import type en from '../../locales/en.json';

export type WalletRule = keyof typeof en.wallet.validation;

const translateRule = (t: TFunction, message: FormRuleMessage<WalletRule>): string =>
  t(`wallet.validation.${message.rule}`);

/** The shared form messages, with the wallet's own rules. */
export const useFormMessages = <Field extends string>(
  fields: readonly Field[],
  fieldOfCode: Partial<Record<ApiErrorCode, Field>> = {},
) => useSharedFormMessages<Field, WalletRule>(fields, { translateRule, fieldOfCode });
