import type { FieldIssue } from '@wps/contracts/envelope';
import { errorCodes } from '@wps/contracts/errors';
import type { FieldErrors as RuleErrors, RuleMessage } from '@wps/contracts/validation-rules';
import type { TFunction } from 'i18next';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type ErrorOption,
  type FieldError,
  type FieldValues,
  type GlobalError,
  type Path,
  type PathValue,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { clientErrorCodes, isApiError, type ApiErrorCode } from './api-client';
import { translateRuleMessage } from './translate-message';

type RuleValues = Record<string, string | number>;

/** How the form's own rule keys read in the visitor's language; unknown keys are shown as they are. */
export type TranslateRule = (t: TFunction, key: string, values: RuleValues | undefined) => string;

/**
 * Where a message came from, in the error's `type`: the form's own rule (the message is the rule key), a
 * VALIDATION_FAILED issue of the server (its key or words), or a server code (`errors.<CODE>`).
 */
const messageTypes = { rule: 'rule', issue: 'issue', code: 'code' } as const;

/** The message above the submit button, for a failure that belongs to no field. */
const formErrorName = 'root.form';

/** A rule's values (bounds, currency) travel beside its key: react-hook-form keeps an error's extra fields. */
type RuleError = ErrorOption & { values?: RuleValues };

const isRuleValues = (value: unknown): value is RuleValues =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((item) => typeof item === 'string' || typeof item === 'number');

/** A field's error, or the form's (react-hook-form types the latter more loosely). */
type ShownError = FieldError | GlobalError;

const valuesOf = (error: ShownError): RuleValues | undefined =>
  'values' in error && isRuleValues(error.values) ? error.values : undefined;

const apiErrorCodes: readonly string[] = [...errorCodes, ...clientErrorCodes];
const isApiErrorCode = (value: string): value is ApiErrorCode => apiErrorCodes.includes(value);

const translateSharedRule: TranslateRule = (t, key, values) =>
  translateRuleMessage(t, values === undefined ? { key } : { key, values });

/** A zod schema, seen only as far as checking values goes (so this module does not load zod itself). */
type Schema = Pick<ZodType, 'safeParse'>;

/**
 * A schema's failed checks as the first message of each field (the order of the schema's checks); the
 * schema's messages are the form's rule keys.
 */
export const checkSchema = (schema: Schema, values: unknown): RuleErrors => {
  const result = schema.safeParse(values);
  const found: RuleErrors = {};
  if (result.success) return found;
  for (const { path, message } of result.error.issues) {
    const [field] = path;
    if (typeof field === 'string' && !(field in found)) found[field] = { key: message };
  }
  return found;
};

type SiteFormOptions<Values extends FieldValues, Field extends Path<Values>> = {
  /** Every field of the form: the names the rules and the server's issues may point at. */
  defaultValues: DefaultValues<Values>;
  /** The form's own rule keys; the shared validation messages (validation.*) unless the feature has its own. */
  translateRule?: TranslateRule;
  /** Server codes shown beside a field rather than above the submit button (showApiError). */
  fieldOfCode?: Partial<Record<ApiErrorCode, Field>>;
  /** Whether editing a field also clears the message above the submit button (the money forms). */
  isFormErrorClearedOnEdit?: boolean;
};

/**
 * The site's forms on react-hook-form: it keeps the values and the messages; the messages stay untranslated
 * in its errors and are translated at render, so a language change also changes those on screen. A field
 * shows one message at a time (the first its rules found), and editing a field clears it.
 *
 * The rules run in the submit handler itself, not through a resolver: react-hook-form's resolvers answer a
 * promise, and the messages must be on screen in the same render as the click that asked for them.
 */
export const useSiteForm = <Values extends FieldValues, Field extends Path<Values> = Path<Values>>({
  defaultValues,
  translateRule = translateSharedRule,
  fieldOfCode = {},
  isFormErrorClearedOnEdit = false,
}: SiteFormOptions<Values, Field>) => {
  const { t } = useTranslation();
  const form = useForm<Values>({
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  // A copy each time: the form's own values object changes in place, and an unchanged object re-renders nothing.
  const values = useWatch({ control: form.control, compute: (current: Values) => ({ ...current }) });

  const isField = (name: string): name is Path<Values> => Object.hasOwn(defaultValues, name);

  const translate = (error: ShownError | undefined): string | null => {
    const message = error?.message;
    if (error === undefined || message === undefined) return null;
    if (error.type === messageTypes.code) return isApiErrorCode(message) ? t(`errors.${message}`) : message;
    if (error.type === messageTypes.issue) return translateRuleMessage(t, { key: message });
    return translateRule(t, message, valuesOf(error));
  };

  const showRule = (name: Path<Values>, { key, values }: RuleMessage): void => {
    const error: RuleError = { type: messageTypes.rule, message: key, values };
    form.setError(name, error);
  };

  const showCode = (name: Path<Values>, code: ApiErrorCode): void => {
    form.setError(name, { type: messageTypes.code, message: code });
  };

  /** Shows the first issue of each field of this form; answers whether any was shown. */
  const showIssues = (issues: readonly FieldIssue[]): boolean => {
    let isShown = false;
    for (const { field, message } of issues) {
      if (!isField(field) || form.getFieldState(field).error !== undefined) continue;
      form.setError(field, { type: messageTypes.issue, message });
      isShown = true;
    }
    return isShown;
  };

  /** A message above the submit button (`errors.<CODE>`). */
  const showFormError = (code: ApiErrorCode): void => {
    form.setError(formErrorName, { type: messageTypes.code, message: code });
  };

  /** A failure above the submit button: the server's code, or the unknown error for anything else. */
  const showFailure = (error: unknown): void => {
    showFormError(isApiError(error) ? error.code : 'INTERNAL_ERROR');
  };

  /**
   * The member's own mistakes found before sending, one message per field, in place of every message shown;
   * answers whether there were any.
   */
  const showRuleErrors = (found: RuleErrors): boolean => {
    form.clearErrors();
    let hasErrors = false;
    for (const [name, message] of Object.entries(found)) {
      if (!isField(name)) continue;
      showRule(name, message);
      hasErrors = true;
    }
    return hasErrors;
  };

  /**
   * A server failure where it belongs: VALIDATION_FAILED issues and the codes of `fieldOfCode` beside their
   * field, anything else (`errors.<CODE>`) above the submit button.
   */
  const showApiError = (error: unknown): void => {
    form.clearErrors();
    const field = isApiError(error) ? fieldOfCode[error.code] : undefined;
    if (isApiError(error) && error.code === 'VALIDATION_FAILED') {
      if (!showIssues(error.issues)) showFailure(error);
    } else if (isApiError(error) && field !== undefined) {
      showCode(field, error.code);
    } else {
      showFailure(error);
    }
  };

  /**
   * An input's change handler: stores the value and clears the field's message (`errorName` when another name
   * carries this input's message, as the login's mobile number does for the username).
   */
  const edit =
    <Name extends Path<Values>>(name: Name, errorName: Path<Values> = name) =>
    (value: PathValue<Values, Name>): void => {
      form.setValue(name, value);
      form.clearErrors(errorName);
      if (isFormErrorClearedOnEdit) form.clearErrors(formErrorName);
    };

  const errorOf = (name: Path<Values>): string | null =>
    translate(form.getFieldState(name, form.formState).error);

  return {
    form,
    values,
    edit,
    errorOf,
    /** An input's value, change handler and message, to spread onto it (`errorName` as for edit). */
    field: <Name extends Path<Values>>(name: Name, errorName: Path<Values> = name) => ({
      value: form.getValues(name),
      onValueChange: edit(name, errorName),
      error: errorOf(errorName),
    }),
    formError: translate(errors.root?.form),
    /** The server's code behind the form's message, for a hint that goes with it. */
    formErrorCode: errors.root?.form?.type === messageTypes.code ? errors.root.form.message : undefined,
    showRule,
    showRuleErrors,
    showIssues,
    showCode,
    showFormError,
    showFailure,
    showApiError,
    clearErrors: () => {
      form.clearErrors();
    },
  };
};
