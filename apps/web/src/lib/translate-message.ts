import i18next, { type TFunction } from 'i18next';
import { formatRuleMessage, type RuleMessage } from '@wps/contracts/validation-rules';
import type en from '../locales/en.json';
import { isApiError } from './api-client';

type ValidationKey = keyof typeof en.validation;
// Asked of the dictionary, not of en.json's values: importing them would put the words in the first load twice.
const isValidationKey = (key: string): key is ValidationKey => i18next.exists(`validation.${key}`);

/**
 * The visitor's language for a rule message of the shared validation module. A key the site does not know
 * (a server issue already in words) is shown as it came.
 */
export const translateRuleMessage = (t: TFunction, message: RuleMessage): string => {
  if (!isValidationKey(message.key)) return message.key;
  const values = message.values ?? {};
  return formatRuleMessage(t(`validation.${message.key}`, values), values);
};

/** `errors.<code>` for an API failure; anything unexpected reads as the generic unknown error. */
export const translateApiError = (t: TFunction, error: unknown): string =>
  isApiError(error) ? t(`errors.${error.code}`) : t('errors.INTERNAL_ERROR');
