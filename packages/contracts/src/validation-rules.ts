import type { RegisterRequest } from './auth';
import type { RegisterField, RegisterFieldRule, RegisterSetting } from './site';
import { validationPatterns, type ValidationPatternId } from './validation-patterns';

/**
 * The input rules of spec section 5, shared by the site (inline errors before a request is sent) and the
 * server (the same checks on what arrives), so both always agree on what a valid form is.
 * A message is a key plus values; the site translates the key, the server answers the English text.
 */
export type RuleMessage = { key: string; values?: Record<string, string | number> };
/** The first error of each field only: a field shows one message at a time (spec section 5). */
export type FieldErrors = Record<string, RuleMessage>;

const patternMessagesEn: Record<`reg_pattern_${ValidationPatternId}`, string> = {
  reg_pattern_1: 'Enter (min)-(max) characters.',
  reg_pattern_2: 'Start with a letter, then letters and numbers, (min)-(max) characters.',
  reg_pattern_3: 'Chinese characters and numbers only, (min)-(max) characters.',
  reg_pattern_4: 'Enter an email address in the format name@example.com, (min)-(max) characters.',
  reg_pattern_5: 'Letters or numbers only, (min)-(max) characters.',
  reg_pattern_6: 'A combination of letters and numbers, (min)-(max) characters.',
  reg_pattern_7: 'Digits only, (min)-(max) digits.',
  reg_pattern_8: 'Letters and numbers with at least one uppercase letter, (min)-(max) characters.',
  reg_pattern_9: 'English letters and spaces only, (min)-(max) characters.',
  reg_pattern_10: 'No spaces, (min)-(max) characters.',
  reg_pattern_11: 'Chinese characters and punctuation only, (min)-(max) characters.',
  reg_pattern_12: 'Enter a date in the format yyyy-MM-dd or MM-dd-yyyy.',
  reg_pattern_13: 'Korean characters only, (min)-(max) characters.',
  reg_pattern_14: 'Thai characters only, (min)-(max) characters.',
  reg_pattern_15: 'Thai or English letters only, (min)-(max) characters.',
  reg_pattern_16: 'Uppercase letters and spaces with at least one letter, (min)-(max) characters.',
  reg_pattern_17: 'Letters, numbers and symbols, (min)-(max) characters.',
  reg_pattern_18:
    'Use an uppercase letter, a lowercase letter, a number and a special symbol, (min)-(max) characters.',
  reg_pattern_19: 'Enter the first and last name separated by a space, (min)-(max) characters.',
  reg_pattern_20: 'Full-width Japanese characters only, (min)-(max) characters.',
  reg_pattern_21: 'Uppercase letters only, (min)-(max) characters.',
  reg_pattern_22: 'Digits only, starting with 9, (min)-(max) digits.',
};

/** English text of every rule message key (spec section 5, "Message templates" and "Other messages"). */
export const validationMessagesEn: Record<string, string> = {
  ...patternMessagesEn,
  password_length: 'Please fill in your password with (min)-(max) characters.',
  password_common: 'This password is one of the most common; please choose another.',
  password_hint:
    'At least (min) characters, {{recommended}} or more recommended; spaces and symbols are welcome.',
  verification_code_invalid: 'Please enter a valid verification code.',
  mobile_invalid: 'Please enter a valid mobile number.',
  confirm_incorrect: 'Incorrect confirmation input.',
  real_name_invalid: 'Real name format is incorrect.',
  phone_format_invalid: 'Phone number format is incorrect.',
  invitation_code_error: 'Invalid invitation code.',
  account_format_invalid: 'Account format is incorrect.',
  password_format_invalid: 'Password format is incorrect.',
  email_format_invalid: 'E-mail format is incorrect.',
  checkPass: 'Confirmation password is not correct.',
  captcha_required: 'Please enter the captcha.',
  input_not_empty: 'Input cannot be empty.',
  terms_agreement_required: 'Agreement to the terms is required.',
  // The spec fixes this text for the unchecked terms box, odd as it reads.
  terms_required: 'not empty?',
  phone_tips: 'Please enter a phone number of up to (max) digits.',
  feedback_words: 'Content must be between {0} and {1} words.',
  age_confirm: 'Please confirm you are {{age}} years old.',
  birthday_required: 'Please enter your date of birth.',
  birthday_invalid: 'Enter a real date of birth.',
  birthday_under_age: 'You must be at least {{age}} years old to register.',
};

/**
 * Fills a message template: "(min)-(max)" becomes "6-16", or "6" when both bounds are equal; a lone (min) or
 * (max) takes its bound; {0}, {1} take positional values and {{name}} named ones. Unknown placeholders stay.
 */
export const formatRuleMessage = (template: string, values: Record<string, string | number> = {}): string => {
  const { min, max } = values;
  const valueOf = (name: string, placeholder: string): string => {
    const value = values[name];
    return value === undefined ? placeholder : String(value);
  };
  let text = template;
  if (min !== undefined && max !== undefined) {
    text = text.replace(
      /\(min\)\s*-\s*\(max\)/g,
      String(min) === String(max) ? String(min) : `${min}-${max}`,
    );
  }
  return text
    .replace(/\((min|max)\)/g, (placeholder, name: string) => valueOf(name, placeholder))
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => valueOf(name, placeholder))
    .replace(/\{(\d+)\}/g, (placeholder, index: string) => valueOf(index, placeholder));
};

const message = (key: string, values?: Record<string, string | number>): RuleMessage =>
  values === undefined ? { key } : { key, values };

const notEmpty = (): RuleMessage => message('input_not_empty');

/** Length in characters as a person counts them, so one Thai or Chinese character is one. */
const lengthOf = (value: string): number => Array.from(value).length;

const compiledPatterns = new Map<string, RegExp | null>();
/**
 * Compiles a brand's pattern once. A pattern the operator mistyped is skipped rather than rejecting every
 * sign-up; the length bounds still apply.
 */
const compilePattern = (source: string): RegExp | null => {
  const cached = compiledPatterns.get(source);
  if (cached !== undefined) return cached;
  let compiled: RegExp | null;
  try {
    compiled = new RegExp(source);
  } catch {
    compiled = null;
  }
  compiledPatterns.set(source, compiled);
  return compiled;
};

const isWithinBounds = (value: string, rule: RegisterFieldRule): boolean => {
  const length = lengthOf(value);
  // A maximum of 0 means the brand set no upper bound.
  return length >= rule.minLength && (rule.maxLength === 0 || length <= rule.maxLength);
};

const matchesPattern = (value: string, rule: RegisterFieldRule): boolean => {
  if (rule.acceptedPattern === '*' || rule.acceptedPattern === '') return true;
  const pattern = compilePattern(rule.acceptedPattern);
  return pattern === null || pattern.test(value);
};

const boundsOf = (rule: RegisterFieldRule) => ({ min: rule.minLength, max: rule.maxLength });

/** The message for a value that breaks the rule's pattern or bounds. */
const patternMessage = (field: RegisterField | 'newPassword', rule: RegisterFieldRule): RuleMessage => {
  if (rule.patternId !== null) return message(`reg_pattern_${rule.patternId}`, boundsOf(rule));
  const isPassword = field === 'password' || field === 'newPassword';
  return message(isPassword ? 'password_length' : 'reg_pattern_1', boundsOf(rule));
};

const trimmed = (value: string | undefined): string => value?.trim() ?? '';

/**
 * One registration field against its brand rule: nothing when the rule is off or an optional field is
 * empty; `input_not_empty` when a required one is; `reg_pattern_{patternId}` with its bounds when the value
 * breaks the pattern or the length.
 */
export const checkRegisterField = (
  field: RegisterField,
  value: string | undefined,
  rule: RegisterFieldRule,
): RuleMessage | null => {
  if (!rule.enabled) return null;
  const input = trimmed(value);
  if (input === '') return rule.required ? notEmpty() : null;
  if (!isWithinBounds(input, rule) || !matchesPattern(input, rule)) return patternMessage(field, rule);
  return null;
};

/**
 * A mobile number against the brand's mobile rule: digits whatever the pattern says, then the bounds and the
 * pattern; `phone_tips` with the maximum length otherwise. Also used before an SMS code is requested.
 */
export const checkMobileNumber = (
  value: string | undefined,
  rule: RegisterFieldRule,
  isRequired: boolean,
): RuleMessage | null => {
  const input = trimmed(value);
  if (input === '') return isRequired ? notEmpty() : null;
  const isValid = /^[0-9]+$/.test(input) && isWithinBounds(input, rule) && matchesPattern(input, rule);
  return isValid ? null : message('phone_tips', boundsOf(rule));
};

/** SMS codes are sent as digits; they are not trimmed (spec section 5), so a stray space is an error. */
const checkSmsCode = (value: string | undefined): RuleMessage | null => {
  if (value === undefined || value === '') return notEmpty();
  return /^[0-9]{4,8}$/.test(value) ? null : message('verification_code_invalid');
};

/**
 * The password policy of OWASP ASVS 5.0: at least 8 characters (12 recommended), up to 128, any characters
 * (spaces and symbols included), and not one of the most common passwords. A brand's password rule may ask more
 * (a longer minimum, a pattern that only adds requirements) but never less, and never limits the characters or
 * the length below 128.
 */
export const passwordPolicy = { minLength: 8, recommendedLength: 12, maxLength: 128 } as const;

/**
 * Whether a password is one of the most common: `isCommonPassword` of `@wps/contracts/common-passwords`. It is
 * handed to the validators rather than imported here, so the list loads only with the forms that set a password,
 * not with the site's first page.
 */
export type CommonPasswordCheck = (password: string) => boolean;

/** Brand password patterns that only add requirements (any character, or one of each kind); others limit them. */
const passwordSafePatterns: ReadonlySet<string> = new Set([
  '*',
  '',
  validationPatterns[1].source,
  validationPatterns[18].source,
]);

/**
 * The password rule that applies on a brand: always on and required, the policy's bounds (the brand's minimum
 * when longer), and the brand's pattern only when it limits no characters.
 */
export const passwordRuleOf = (brandRule: RegisterFieldRule): RegisterFieldRule => {
  const isPatternKept = passwordSafePatterns.has(brandRule.acceptedPattern);
  return {
    enabled: true,
    required: true,
    acceptedPattern: isPatternKept ? brandRule.acceptedPattern : '*',
    patternId: isPatternKept ? brandRule.patternId : null,
    minLength: Math.min(Math.max(brandRule.minLength, passwordPolicy.minLength), passwordPolicy.maxLength),
    maxLength: passwordPolicy.maxLength,
  };
};

/** The hint shown under a new password's field: the minimum, the recommended length, any characters. */
export const passwordHint = (brandRule: RegisterFieldRule): RuleMessage => {
  const { minLength } = passwordRuleOf(brandRule);
  return message('password_hint', {
    min: minLength,
    recommended: Math.max(minLength, passwordPolicy.recommendedLength),
  });
};

/**
 * A new password (registration, change, reset, a member an agent creates) against the policy and the brand's
 * rule: `input_not_empty`, the rule's pattern or length message, or `password_common`.
 */
export const checkPassword = (
  value: string | undefined,
  brandRule: RegisterFieldRule,
  isCommonPassword: CommonPasswordCheck,
): RuleMessage | null => {
  const input = trimmed(value);
  if (input === '') return notEmpty();
  const rule = passwordRuleOf(brandRule);
  if (!isWithinBounds(input, rule) || !matchesPattern(input, rule)) return patternMessage('password', rule);
  return isCommonPassword(input) ? message('password_common') : null;
};

const setError = (errors: FieldErrors, field: string, error: RuleMessage | null): void => {
  if (error !== null && !(field in errors)) errors[field] = error;
};

export type RegistrationMode = 'username' | 'mobile';
export type RegistrationInput = Omit<Partial<RegisterRequest>, 'termsAccepted'> & { termsAccepted?: boolean };

/** Fields checked by their brand rule alone, in the order the form shows them. */
const ruleOnlyFields = [
  'payeeName',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'qqNum',
  'idNumber',
  'email',
  'affiliateCode',
] as const satisfies readonly RegisterField[];

/** Spec section 5, Registration. The username is not asked in mobile mode (the mobile number stands in). */
export const validateRegistration = (
  input: RegistrationInput,
  setting: RegisterSetting,
  options: {
    mode: RegistrationMode;
    isSmsVerificationOn: boolean;
    isCaptchaOn: boolean;
    isCommonPassword: CommonPasswordCheck;
  },
): FieldErrors => {
  const { fields } = setting;
  const isMobileMode = options.mode === 'mobile';
  const errors: FieldErrors = {};

  if (isMobileMode || fields.mobileNum.enabled) {
    setError(
      errors,
      'mobileNum',
      checkMobileNumber(input.mobileNum, fields.mobileNum, isMobileMode || fields.mobileNum.required),
    );
  }
  if (!isMobileMode)
    setError(errors, 'username', checkRegisterField('username', input.username, fields.username));

  setError(errors, 'password', checkPassword(input.password, fields.password, options.isCommonPassword));
  const confirmPassword = trimmed(input.confirmPassword);
  if (confirmPassword === '') setError(errors, 'confirmPassword', notEmpty());
  else if (confirmPassword !== trimmed(input.password))
    setError(errors, 'confirmPassword', message('checkPass'));

  if (isMobileMode && options.isSmsVerificationOn) {
    setError(errors, 'verificationCode', checkSmsCode(input.verificationCode));
  }
  for (const field of ruleOnlyFields)
    setError(errors, field, checkRegisterField(field, input[field], fields[field]));
  if (options.isCaptchaOn && trimmed(input.captcha) === '')
    setError(errors, 'captcha', message('captcha_required'));
  if (input.termsAccepted !== true) setError(errors, 'termsAccepted', message('terms_required'));
  return errors;
};

/** Spec section 5, Login: both tabs need both fields; the captcha once it is shown. */
export const validateLogin = (
  input: { username?: string; password?: string; captcha?: string; type: 'username' | 'sms' },
  options: { isCaptchaShown: boolean; mobileRule: RegisterFieldRule },
): FieldErrors => {
  const errors: FieldErrors = {};
  if (input.type === 'sms') {
    setError(errors, 'username', checkMobileNumber(input.username, options.mobileRule, true));
    setError(errors, 'password', checkSmsCode(input.password));
  } else {
    if (trimmed(input.username) === '') setError(errors, 'username', notEmpty());
    if (trimmed(input.password) === '') setError(errors, 'password', notEmpty());
  }
  if (options.isCaptchaShown && trimmed(input.captcha) === '') {
    setError(errors, 'captcha', message('captcha_required'));
  }
  return errors;
};

const checkConfirmation = (
  confirmation: string | undefined,
  original: string | undefined,
): RuleMessage | null => {
  const input = trimmed(confirmation);
  if (input === '') return notEmpty();
  return input === trimmed(original) ? null : message('confirm_incorrect');
};

/** Spec section 5, Change password. The old password is skipped when the account has none to give. */
export const validateChangePassword = (
  input: { oldPassword?: string; newPassword?: string; confirmNewPassword?: string },
  options: {
    passwordRule: RegisterFieldRule;
    isOldPasswordRequired: boolean;
    isCommonPassword: CommonPasswordCheck;
  },
): FieldErrors => {
  const errors: FieldErrors = {};
  if (options.isOldPasswordRequired && trimmed(input.oldPassword) === '')
    setError(errors, 'oldPassword', notEmpty());
  setError(
    errors,
    'newPassword',
    checkPassword(input.newPassword, options.passwordRule, options.isCommonPassword),
  );
  setError(errors, 'confirmNewPassword', checkConfirmation(input.confirmNewPassword, input.newPassword));
  return errors;
};

const emailPattern = new RegExp(validationPatterns[4].source);

/** Spec section 5, Forgot password by email: a username of the brand's form and a valid address. */
export const validateForgotByEmail = (
  input: { username?: string; email?: string },
  options: { usernameRule: RegisterFieldRule },
): FieldErrors => {
  const errors: FieldErrors = {};
  const username = trimmed(input.username);
  if (username === '') setError(errors, 'username', notEmpty());
  else if (
    !isWithinBounds(username, options.usernameRule) ||
    !matchesPattern(username, options.usernameRule)
  ) {
    setError(errors, 'username', message('account_format_invalid'));
  }
  const email = trimmed(input.email);
  if (email === '') setError(errors, 'email', notEmpty());
  else if (!emailPattern.test(email)) setError(errors, 'email', message('email_format_invalid'));
  return errors;
};

/**
 * Spec section 5, Forgot password by phone: the number (phone_tips), the SMS code and a new password of the
 * brand's password rule; the confirmation only when the form asks for one.
 */
export const validateForgotByPhone = (
  input: { mobileNum?: string; verificationCode?: string; newPassword?: string; confirmNewPassword?: string },
  options: {
    mobileRule: RegisterFieldRule;
    passwordRule: RegisterFieldRule;
    isCommonPassword: CommonPasswordCheck;
  },
): FieldErrors => {
  const errors: FieldErrors = {};
  setError(errors, 'mobileNum', checkMobileNumber(input.mobileNum, options.mobileRule, true));
  setError(errors, 'verificationCode', checkSmsCode(input.verificationCode));
  setError(
    errors,
    'newPassword',
    checkPassword(input.newPassword, options.passwordRule, options.isCommonPassword),
  );
  if (input.confirmNewPassword !== undefined) {
    setError(errors, 'confirmNewPassword', checkConfirmation(input.confirmNewPassword, input.newPassword));
  }
  return errors;
};

/** Spec section 4, Registration: in mobile mode the username is the number with one leading 0 removed. */
export const toMobileUsername = (mobileNum: string): string => mobileNum.trim().replace(/^0/, '');
