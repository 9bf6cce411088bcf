import type { TFunction } from 'i18next';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, type ApiErrorCode } from './api-client';
import { translateRuleMessage } from './translate-message';

/** A rule of the form's own, found before sending, with the values its wording needs. */
export type FormRuleMessage<Rule extends string> = { rule: Rule; values?: Record<string, string | number> };
/** Kept untranslated, so a language change also changes the messages on screen. */
export type FormMessage<Rule extends string> =
  { code: ApiErrorCode } | FormRuleMessage<Rule> | { issue: string };

type Options<Field extends string, Rule extends string> = {
  /** The feature's wording of its own rules (its locale namespace). */
  translateRule: (t: TFunction, message: FormRuleMessage<Rule>) => string;
  /** Server codes shown beside a field rather than above the submit button. */
  fieldOfCode?: Partial<Record<ApiErrorCode, Field>>;
};

/**
 * A money form's messages: one per field, shown beside it, and one for the whole form. A server failure goes
 * where it belongs: VALIDATION_FAILED issues and the codes named in `fieldOfCode` beside their field,
 * anything else (`errors.<CODE>`) above the submit button.
 */
export const useFormMessages = <Field extends string, Rule extends string>(
  fields: readonly Field[],
  { translateRule, fieldOfCode = {} }: Options<Field, Rule>,
) => {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Partial<Record<Field, FormMessage<Rule>>>>({});
  const [formError, setFormError] = useState<FormMessage<Rule> | null>(null);

  const translate = (message: FormMessage<Rule>): string => {
    if ('code' in message) return t(`errors.${message.code}`);
    if ('rule' in message) return translateRule(t, message);
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
  const showRules = (rules: Partial<Record<Field, Rule | null>>): boolean => {
    const found: Partial<Record<Field, FormMessage<Rule>>> = {};
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
    const found: Partial<Record<Field, FormMessage<Rule>>> = {};
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
    errors,
    setErrors,
    setFormError,
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
