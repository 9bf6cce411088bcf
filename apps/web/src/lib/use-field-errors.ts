import type { FieldIssue } from '@wps/contracts/envelope';
import type { FieldErrors } from '@wps/contracts/validation-rules';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateRuleMessage } from './translate-message';

/** Field errors of the server's VALIDATION_FAILED, first per field like the site's own. */
export const fieldErrorsFromIssues = (issues: readonly FieldIssue[]): FieldErrors => {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    if (!(issue.field in errors)) errors[issue.field] = { key: issue.message };
  }
  return errors;
};

/**
 * A form's field errors, kept as rule messages and translated at render, so a language change also
 * changes the errors on screen. Editing a field clears its error.
 */
export const useFieldErrors = () => {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const errorOf = (field: string): string | null => {
    const message = errors[field];
    return message === undefined ? null : translateRuleMessage(t, message);
  };
  const clearError = useCallback((field: string) => {
    setErrors((current) => {
      if (!(field in current)) return current;
      return Object.fromEntries(Object.entries(current).filter(([name]) => name !== field));
    });
  }, []);
  /** An input's change handler: stores the value and clears that field's error. */
  const edit = (field: string, setter: (value: string) => void) => (value: string) => {
    setter(value);
    clearError(field);
  };
  return { errors, setErrors, errorOf, clearError, edit };
};
