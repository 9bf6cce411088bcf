import type { TFunction } from 'i18next';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, type ApiErrorCode } from '../../lib/api-client';
import { translateRuleMessage } from '../../lib/translate-message';
import type en from '../../locales/en.json';

export type PaymentRule = keyof typeof en.payments.validation;
export type PaymentRuleMessage = { rule: PaymentRule; values?: Record<string, string | number> };

/** A message kept untranslated, so a language change also changes what is on screen. */
export type PaymentMessage = { code: ApiErrorCode } | PaymentRuleMessage | { issue: string };

export const translatePaymentMessage = (t: TFunction, message: PaymentMessage): string => {
  if ('code' in message) return t(`errors.${message.code}`);
  if ('rule' in message) return t(`payments.validation.${message.rule}`, message.values ?? {});
  return translateRuleMessage(t, { key: message.issue });
};

/**
 * A money form's errors: one per field (shown beside it) and one for the whole form. `showApiError` puts a
 * server failure where it belongs: VALIDATION_FAILED issues and the codes named in `fieldOfCode` beside
 * their field, anything else above the submit button.
 */
export const useFormMessages = <Field extends string>(fields: readonly Field[]) => {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Partial<Record<Field, PaymentMessage>>>({});
  const [formError, setFormError] = useState<PaymentMessage | null>(null);

  const clear = useCallback((field: Field) => {
    setErrors((current) => {
      if (current[field] === undefined) return current;
      return Object.fromEntries(Object.entries(current).filter(([name]) => name !== field)) as Partial<
        Record<Field, PaymentMessage>
      >;
    });
    setFormError(null);
  }, []);

  const reset = useCallback(() => {
    setErrors({});
    setFormError(null);
  }, []);

  const showApiError = (error: unknown, fieldOfCode: Partial<Record<ApiErrorCode, Field>> = {}): void => {
    if (!isApiError(error)) {
      setFormError({ code: 'INTERNAL_ERROR' });
      return;
    }
    if (error.code === 'VALIDATION_FAILED' && error.issues.length > 0) {
      const found: Partial<Record<Field, PaymentMessage>> = {};
      let isShown = false;
      for (const { field, message } of error.issues) {
        const known = fields.find((name) => name === field);
        if (known !== undefined && found[known] === undefined) {
          found[known] = { issue: message };
          isShown = true;
        }
      }
      setErrors(found);
      if (!isShown) setFormError({ code: error.code });
      return;
    }
    const field = fieldOfCode[error.code];
    if (field !== undefined)
      setErrors({ [field]: { code: error.code } } as Partial<Record<Field, PaymentMessage>>);
    else setFormError({ code: error.code });
  };

  return {
    errors,
    setErrors,
    setFormError,
    clear,
    reset,
    showApiError,
    errorOf: (field: Field): string | null => {
      const message = errors[field];
      return message === undefined ? null : translatePaymentMessage(t, message);
    },
    formError: formError === null ? null : translatePaymentMessage(t, formError),
  };
};
