import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, type ApiErrorCode } from '../../lib/api-client';
import { translateRuleMessage } from '../../lib/translate-message';
import type en from '../../locales/en.json';

export type WalletRule = keyof typeof en.wallet.validation;

/** Kept untranslated, so a language change also changes the messages on screen. */
type FormMessage = { code: ApiErrorCode } | { rule: WalletRule } | { issue: string };

/**
 * A money form's messages: one per field, shown beside it, and one for the whole form. A server failure goes
 * where it belongs: VALIDATION_FAILED issues and the codes named in `fieldOfCode` beside their field,
 * anything else (`errors.<CODE>`) above the submit button.
 */
export const useFormMessages = <Field extends string>(
  fields: readonly Field[],
  fieldOfCode: Partial<Record<ApiErrorCode, Field>> = {},
) => {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Partial<Record<Field, FormMessage>>>({});
  const [formError, setFormError] = useState<FormMessage | null>(null);

  const translate = (message: FormMessage): string => {
    if ('code' in message) return t(`errors.${message.code}`);
    if ('rule' in message) return t(`wallet.validation.${message.rule}`);
    return translateRuleMessage(t, { key: message.issue });
  };

  const clear = useCallback((field: Field) => {
    setErrors((current) => {
      if (current[field] === undefined) return current;
      return { ...current, [field]: undefined };
    });
    setFormError(null);
  }, []);

  const reset = useCallback(() => {
    setErrors({});
    setFormError(null);
  }, []);

  /** The member's own mistakes found before sending; answers whether there were any. */
  const showRules = (rules: Partial<Record<Field, WalletRule | null>>): boolean => {
    const found: Partial<Record<Field, FormMessage>> = {};
    for (const field of fields) {
      const rule = rules[field] ?? null;
      if (rule !== null) found[field] = { rule };
    }
    setErrors(found);
    setFormError(null);
    return Object.values(found).length > 0;
  };

  const showApiError = (error: unknown): void => {
    if (!isApiError(error)) {
      setErrors({});
      setFormError({ code: 'INTERNAL_ERROR' });
      return;
    }
    const found: Partial<Record<Field, FormMessage>> = {};
    if (error.code === 'VALIDATION_FAILED') {
      for (const { field, message } of error.issues) {
        const known = fields.find((name) => name === field);
        if (known !== undefined && found[known] === undefined) found[known] = { issue: message };
      }
    } else {
      const field = fieldOfCode[error.code];
      if (field !== undefined) found[field] = { code: error.code };
    }
    setErrors(found);
    setFormError(Object.values(found).length > 0 ? null : { code: error.code });
  };

  return {
    clear,
    reset,
    showRules,
    showApiError,
    errorOf: (field: Field): string | null => {
      const message = errors[field];
      return message === undefined ? null : translate(message);
    },
    formError: formError === null ? null : translate(formError),
    /** The server's code behind the form's message, for a hint that goes with it. */
    formErrorCode: formError !== null && 'code' in formError ? formError.code : null,
  };
};
