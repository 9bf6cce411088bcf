import type { TFunction } from 'i18next';
import { formatRuleMessage, type RuleMessage } from '@wps/contracts/validation-rules';
import { validation } from '../locales/en.json';
import { isApiError } from './api-client';

export type ValidationKey = keyof typeof validation;
export const isValidationKey = (key: string): key is ValidationKey => Object.hasOwn(validation, key);

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
