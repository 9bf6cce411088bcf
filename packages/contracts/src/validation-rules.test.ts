import { describe, expect, it } from 'vitest';
import { registerFields, type RegisterField, type RegisterFieldRule, type RegisterSetting } from './site';
import { validationPatterns, type ValidationPatternId } from './validation-patterns';
import { isCommonPassword } from './common-passwords';
import {
  checkPassword,
  checkRegisterField,
  formatRuleMessage,
  passwordHint,
  passwordPolicy,
  toMobileUsername,
  validateChangePassword,
  validateForgotByEmail,
  validateForgotByPhone,
  validateLogin,
  validateRegistration,
  validationMessagesEn,
  type RegistrationInput,
} from './validation-rules';

const ruleOf = (
  patternId: ValidationPatternId | null,
  minLength: number,
  maxLength: number,
): RegisterFieldRule => ({
  enabled: true,
  required: true,
  acceptedPattern: patternId === null ? '*' : validationPatterns[patternId].source,
  patternId,
  minLength,
  maxLength,
});

const offRule: RegisterFieldRule = { ...ruleOf(null, 0, 64), enabled: false, required: false };

const settingWith = (overrides: Partial<Record<RegisterField, RegisterFieldRule>> = {}): RegisterSetting => ({
  fields: {
    ...(Object.fromEntries(registerFields.map((field) => [field, offRule])) as Record<
      RegisterField,
      RegisterFieldRule
    >),
    username: ruleOf(2, 6, 16),
    password: ruleOf(6, 6, 20),
    mobileNum: { ...ruleOf(7, 8, 11), required: false },
    ...overrides,
  },
  minimumAge: 18,
});

const validRegistration: RegistrationInput = {
  username: 'player01',
  password: 'secret123',
  confirmPassword: 'secret123',
  mobileNum: '09171234567',
  verificationCode: '123456',
  captcha: 'AB12',
  termsAccepted: true,
};

const usernameMode = {
  mode: 'username',
  isSmsVerificationOn: false,
  isCaptchaOn: false,
  isCommonPassword,
} as const;
const mobileMode = {
  mode: 'mobile',
  isSmsVerificationOn: true,
  isCaptchaOn: false,
  isCommonPassword,
} as const;
const policyLength = { min: passwordPolicy.minLength, max: passwordPolicy.maxLength };

/** A value each pattern accepts and one it refuses, within the bounds 2-20 unless the pattern fixes them. */
const patternCases: Record<ValidationPatternId, { pass: string; fail: string }> = {
  1: { pass: 'any thing!', fail: 'x' },
  2: { pass: 'abc123', fail: '1abc' },
  3: { pass: '中文123', fail: 'abc' },
  4: { pass: 'me@example.com', fail: 'me@example' },
  5: { pass: 'abc123', fail: 'abc-123' },
  6: { pass: 'abc123', fail: 'abcdef' },
  7: { pass: '123456', fail: '12a456' },
  8: { pass: 'Abc123', fail: 'abc123' },
  9: { pass: 'John Smith', fail: 'John3' },
  10: { pass: 'a-b_c!', fail: 'a b' },
  11: { pass: '中文，。', fail: '中文a' },
  12: { pass: '2024-01-31', fail: '31/01/2024' },
  13: { pass: '한국어', fail: '한국a' },
  14: { pass: 'ภาษาไทย', fail: 'ไทยa1' },
  15: { pass: 'ไทย Thai', fail: 'Thai1' },
  16: { pass: 'JOHN SMITH', fail: 'John Smith' },
  17: { pass: 'Ab1!@#', fail: 'Ab 1' },
  18: { pass: 'Secret1!', fail: 'Secret12' },
  19: { pass: 'John Smith', fail: 'John' },
  20: { pass: 'にほんご', fail: 'nihongo' },
  21: { pass: 'ABC', fail: 'AbC' },
  22: { pass: '9123456', fail: '8123456' },
};

const patternIds = Object.keys(validationPatterns).map(Number) as ValidationPatternId[];

describe('validationMessagesEn', () => {
  it('has a reg_pattern key for every pattern id, in the spec order of templates', () => {
    for (const id of patternIds) expect(validationMessagesEn[`reg_pattern_${id}`]).toMatch(/\S/);
    expect(validationMessagesEn.reg_pattern_1).toBe('Enter (min)-(max) characters.');
    expect(validationMessagesEn.reg_pattern_2).toMatch(/^Start with a letter, then letters and numbers/);
    expect(validationMessagesEn.reg_pattern_22).toMatch(/^Digits only, starting with 9/);
  });

  it.each([
    ['password_length', 'Please fill in your password with (min)-(max) characters.'],
    ['verification_code_invalid', 'Please enter a valid verification code.'],
    ['mobile_invalid', 'Please enter a valid mobile number.'],
    ['confirm_incorrect', 'Incorrect confirmation input.'],
    ['real_name_invalid', 'Real name format is incorrect.'],
    ['phone_format_invalid', 'Phone number format is incorrect.'],
    ['invitation_code_error', 'Invalid invitation code.'],
    ['account_format_invalid', 'Account format is incorrect.'],
    ['password_format_invalid', 'Password format is incorrect.'],
    ['email_format_invalid', 'E-mail format is incorrect.'],
    ['checkPass', 'Confirmation password is not correct.'],
    ['captcha_required', 'Please enter the captcha.'],
    ['input_not_empty', 'Input cannot be empty.'],
    ['terms_agreement_required', 'Agreement to the terms is required.'],
    ['terms_required', 'not empty?'],
  ])('has the spec message %s', (key, text) => {
    expect(validationMessagesEn[key]).toBe(text);
  });

  it('has a template for the phone tips, the feedback bounds and the age consent', () => {
    expect(validationMessagesEn.phone_tips).toContain('(max)');
    expect(validationMessagesEn.feedback_words).toContain('{0}');
    expect(validationMessagesEn.age_confirm).toContain('{{age}}');
  });
});

describe('formatRuleMessage', () => {
  it('writes a range when the bounds differ', () => {
    expect(formatRuleMessage('Enter (min)-(max) characters.', { min: 6, max: 16 })).toBe(
      'Enter 6-16 characters.',
    );
  });

  it('writes one number when the bounds are equal', () => {
    expect(formatRuleMessage('Enter (min)-(max) characters.', { min: 6, max: 6 })).toBe(
      'Enter 6 characters.',
    );
  });

  it('fills a lone bound, positional and named values, and leaves unknown placeholders', () => {
    expect(formatRuleMessage('Up to (max) digits.', { max: 11 })).toBe('Up to 11 digits.');
    expect(formatRuleMessage('Between {0} and {1} words.', { 0: 5, 1: 200 })).toBe(
      'Between 5 and 200 words.',
    );
    expect(formatRuleMessage('You are {{age}} or older.', { age: 21 })).toBe('You are 21 or older.');
    expect(formatRuleMessage('Enter (min)-(max) {0} {{x}}.')).toBe('Enter (min)-(max) {0} {{x}}.');
  });

  it('formats every English template without leaving a placeholder behind', () => {
    for (const template of Object.values(validationMessagesEn)) {
      const text = formatRuleMessage(template, { min: 2, max: 8, 0: 1, 1: 9, age: 18, recommended: 12 });
      expect(text).not.toMatch(/\((min|max)\)|\{\d\}|\{\{/);
    }
  });
});

describe('checkRegisterField', () => {
  describe.each(patternIds)('pattern %i', (id) => {
    const rule = ruleOf(id, 2, 20);
    const cases = patternCases[id];

    it('accepts a matching value', () => {
      expect(checkRegisterField('username', cases.pass, rule)).toBeNull();
    });

    it('refuses a value that breaks it with reg_pattern_{id} and its bounds', () => {
      expect(checkRegisterField('username', cases.fail, rule)).toEqual({
        key: `reg_pattern_${id}`,
        values: { min: 2, max: 20 },
      });
    });
  });

  it('refuses a value outside the bounds even when the pattern matches', () => {
    expect(checkRegisterField('username', 'abc', ruleOf(2, 6, 16))).toEqual({
      key: 'reg_pattern_2',
      values: { min: 6, max: 16 },
    });
    expect(checkRegisterField('username', 'a'.repeat(17), ruleOf(2, 6, 16))?.key).toBe('reg_pattern_2');
  });

  it('counts characters, not code units', () => {
    expect(checkRegisterField('payeeName', '中文', ruleOf(3, 2, 2))).toBeNull();
    expect(checkRegisterField('payeeName', '𠀋𠀋', ruleOf(null, 2, 2))).toBeNull();
  });

  it('checks only the length when any value is accepted', () => {
    expect(checkRegisterField('line', 'any value', ruleOf(null, 2, 20))).toBeNull();
    expect(checkRegisterField('line', 'x', ruleOf(null, 2, 20))).toEqual({
      key: 'reg_pattern_1',
      values: { min: 2, max: 20 },
    });
    expect(checkRegisterField('password', 'x', ruleOf(null, 6, 20))?.key).toBe('password_length');
  });

  it('treats a maximum of 0 as no upper bound', () => {
    expect(checkRegisterField('line', 'x'.repeat(500), ruleOf(null, 1, 0))).toBeNull();
  });

  it('says input_not_empty for an empty required field and nothing for an empty optional one', () => {
    expect(checkRegisterField('email', '  ', ruleOf(4, 5, 64))).toEqual({ key: 'input_not_empty' });
    expect(checkRegisterField('email', undefined, { ...ruleOf(4, 5, 64), required: false })).toBeNull();
  });

  it('ignores a field whose rule is switched off', () => {
    expect(checkRegisterField('wechat', '', offRule)).toBeNull();
    expect(
      checkRegisterField('wechat', '!!', { ...offRule, acceptedPattern: '^a$', minLength: 5 }),
    ).toBeNull();
  });

  it('trims the value before checking it', () => {
    expect(checkRegisterField('username', '  player01  ', ruleOf(2, 6, 16))).toBeNull();
  });

  it('skips a pattern that does not compile but keeps the bounds', () => {
    const broken = { ...ruleOf(null, 2, 4), acceptedPattern: '([a-z', patternId: 5 };
    expect(checkRegisterField('line', 'abc', broken)).toBeNull();
    expect(checkRegisterField('line', 'abcdef', broken)?.key).toBe('reg_pattern_5');
  });
});

describe('validateRegistration', () => {
  it('accepts a complete username registration', () => {
    expect(validateRegistration(validRegistration, settingWith(), usernameMode)).toEqual({});
  });

  it('requires the confirmation to equal the password (checkPass)', () => {
    const errors = validateRegistration(
      { ...validRegistration, confirmPassword: 'other123' },
      settingWith(),
      usernameMode,
    );
    expect(errors).toEqual({ confirmPassword: { key: 'checkPass' } });
    expect(
      validateRegistration({ ...validRegistration, confirmPassword: '' }, settingWith(), usernameMode)
        .confirmPassword,
    ).toEqual({ key: 'input_not_empty' });
  });

  it("requires the terms with the spec's text 'not empty?'", () => {
    const errors = validateRegistration(
      { ...validRegistration, termsAccepted: false },
      settingWith(),
      usernameMode,
    );
    expect(errors).toEqual({ termsAccepted: { key: 'terms_required' } });
    expect(validationMessagesEn.terms_required).toBe('not empty?');
    expect(
      validateRegistration({ ...validRegistration, termsAccepted: undefined }, settingWith(), usernameMode),
    ).toEqual({
      termsAccepted: { key: 'terms_required' },
    });
  });

  it('keeps the first error of each field only', () => {
    const errors = validateRegistration({ termsAccepted: false }, settingWith(), usernameMode);
    expect(errors).toEqual({
      username: { key: 'input_not_empty' },
      password: { key: 'input_not_empty' },
      confirmPassword: { key: 'input_not_empty' },
      termsAccepted: { key: 'terms_required' },
    });
    const shortAndWrong = validateRegistration(
      { ...validRegistration, password: '12', confirmPassword: '34' },
      settingWith(),
      usernameMode,
    );
    // The brand's letters-and-digits pattern limits characters, so the policy's bounds apply without it.
    expect(shortAndWrong.password).toEqual({ key: 'password_length', values: policyLength });
    expect(shortAndWrong.confirmPassword).toEqual({ key: 'checkPass' });
  });

  it('trims every input before checking it', () => {
    const errors = validateRegistration(
      {
        ...validRegistration,
        username: '  player01 ',
        password: ' secret123 ',
        confirmPassword: 'secret123  ',
        mobileNum: ' 09171234567 ',
      },
      settingWith(),
      usernameMode,
    );
    expect(errors).toEqual({});
  });

  describe('mobile mode', () => {
    it('does not ask for a username, but requires the number and the SMS code', () => {
      const errors = validateRegistration(
        { ...validRegistration, username: undefined, mobileNum: '', verificationCode: '' },
        settingWith(),
        mobileMode,
      );
      expect(errors).toEqual({
        mobileNum: { key: 'input_not_empty' },
        verificationCode: { key: 'input_not_empty' },
      });
    });

    it('answers a bad number with phone_tips and the maximum length', () => {
      const errors = validateRegistration(
        { ...validRegistration, mobileNum: '0917-123' },
        settingWith(),
        mobileMode,
      );
      expect(errors).toEqual({ mobileNum: { key: 'phone_tips', values: { min: 8, max: 11 } } });
      expect(formatRuleMessage(validationMessagesEn.phone_tips ?? '', errors.mobileNum?.values)).toBe(
        'Please enter a phone number of up to 11 digits.',
      );
      expect(
        validateRegistration({ ...validRegistration, mobileNum: '0917123456789' }, settingWith(), mobileMode),
      ).toHaveProperty('mobileNum.key', 'phone_tips');
    });

    it('requires the number even when the brand switched the mobile rule off', () => {
      const setting = settingWith({ mobileNum: { ...offRule, maxLength: 11 } });
      expect(
        validateRegistration({ ...validRegistration, mobileNum: '' }, setting, mobileMode).mobileNum,
      ).toEqual({
        key: 'input_not_empty',
      });
    });

    it('does not trim the SMS code', () => {
      expect(
        validateRegistration(
          { ...validRegistration, verificationCode: ' 123456' },
          settingWith(),
          mobileMode,
        ),
      ).toEqual({ verificationCode: { key: 'verification_code_invalid' } });
    });

    it('skips the SMS code when SMS verification is off', () => {
      const options = { ...mobileMode, isSmsVerificationOn: false };
      expect(
        validateRegistration({ ...validRegistration, verificationCode: '' }, settingWith(), options),
      ).toEqual({});
    });
  });

  it('asks for the number in username mode only as configured', () => {
    const optional = validateRegistration(
      { ...validRegistration, mobileNum: '' },
      settingWith(),
      usernameMode,
    );
    expect(optional).toEqual({});
    const required = settingWith({ mobileNum: ruleOf(7, 8, 11) });
    expect(validateRegistration({ ...validRegistration, mobileNum: '' }, required, usernameMode)).toEqual({
      mobileNum: { key: 'input_not_empty' },
    });
    const off = settingWith({ mobileNum: offRule });
    expect(validateRegistration({ ...validRegistration, mobileNum: 'abc' }, off, usernameMode)).toEqual({});
  });

  it('requires the captcha when it is on', () => {
    const options = { ...usernameMode, isCaptchaOn: true };
    expect(validateRegistration({ ...validRegistration, captcha: ' ' }, settingWith(), options)).toEqual({
      captcha: { key: 'captcha_required' },
    });
    expect(validateRegistration({ ...validRegistration, captcha: '' }, settingWith(), usernameMode)).toEqual(
      {},
    );
  });

  it('checks the optional fields by their rules when enabled', () => {
    const setting = settingWith({
      email: { ...ruleOf(4, 5, 64), required: false },
      payeeName: ruleOf(9, 2, 50),
      paymentPassword: { ...ruleOf(7, 6, 6), required: false },
    });
    const errors = validateRegistration(
      { ...validRegistration, email: 'nope', payeeName: '', paymentPassword: '12345' },
      setting,
      usernameMode,
    );
    expect(errors).toEqual({
      email: { key: 'reg_pattern_4', values: { min: 5, max: 64 } },
      payeeName: { key: 'input_not_empty' },
      paymentPassword: { key: 'reg_pattern_7', values: { min: 6, max: 6 } },
    });
    expect(formatRuleMessage(validationMessagesEn.reg_pattern_7 ?? '', errors.paymentPassword?.values)).toBe(
      'Digits only, 6 digits.',
    );
  });

  it('always requires a password, whatever the brand rule says', () => {
    const setting = settingWith({ password: offRule });
    expect(
      validateRegistration(
        { ...validRegistration, password: '', confirmPassword: '' },
        setting,
        usernameMode,
      ),
    ).toHaveProperty('password', { key: 'input_not_empty' });
  });
});

describe('toMobileUsername', () => {
  it('removes one leading 0 only', () => {
    expect(toMobileUsername('09171234567')).toBe('9171234567');
    expect(toMobileUsername('009171234567')).toBe('09171234567');
    expect(toMobileUsername('9171234567')).toBe('9171234567');
  });
});

describe('validateLogin', () => {
  const mobileRule = ruleOf(7, 8, 11);

  it('requires username and password on the username tab', () => {
    expect(
      validateLogin({ type: 'username', username: ' ', password: '' }, { isCaptchaShown: false, mobileRule }),
    ).toEqual({ username: { key: 'input_not_empty' }, password: { key: 'input_not_empty' } });
    expect(
      validateLogin(
        { type: 'username', username: 'player01', password: 'x' },
        { isCaptchaShown: false, mobileRule },
      ),
    ).toEqual({});
  });

  it('requires the captcha once it is shown', () => {
    const input = { type: 'username', username: 'player01', password: 'secret' } as const;
    expect(validateLogin(input, { isCaptchaShown: true, mobileRule })).toEqual({
      captcha: { key: 'captcha_required' },
    });
    expect(validateLogin({ ...input, captcha: 'ab12' }, { isCaptchaShown: true, mobileRule })).toEqual({});
  });

  it('checks the number against the mobile rule and requires the code on the SMS tab', () => {
    expect(
      validateLogin({ type: 'sms', username: '12ab', password: '' }, { isCaptchaShown: false, mobileRule }),
    ).toEqual({
      username: { key: 'phone_tips', values: { min: 8, max: 11 } },
      password: { key: 'input_not_empty' },
    });
    expect(
      validateLogin(
        { type: 'sms', username: ' 09171234567 ', password: '123456' },
        { isCaptchaShown: false, mobileRule },
      ),
    ).toEqual({});
    expect(
      validateLogin(
        { type: 'sms', username: '09171234567', password: '123456 ' },
        { isCaptchaShown: false, mobileRule },
      ),
    ).toEqual({ password: { key: 'verification_code_invalid' } });
  });
});

describe('validateChangePassword', () => {
  const passwordRule = ruleOf(6, 6, 20);

  it('requires the old password only when the account has one', () => {
    const input = { newPassword: 'secret123', confirmNewPassword: 'secret123' };
    expect(
      validateChangePassword(input, { passwordRule, isOldPasswordRequired: true, isCommonPassword }),
    ).toEqual({
      oldPassword: { key: 'input_not_empty' },
    });
    expect(
      validateChangePassword(input, { passwordRule, isOldPasswordRequired: false, isCommonPassword }),
    ).toEqual({});
  });

  it('checks the new password against the rule and the confirmation against it', () => {
    expect(
      validateChangePassword(
        { oldPassword: 'old', newPassword: 'short', confirmNewPassword: 'other' },
        { passwordRule, isOldPasswordRequired: true, isCommonPassword },
      ),
    ).toEqual({
      newPassword: { key: 'password_length', values: policyLength },
      confirmNewPassword: { key: 'confirm_incorrect' },
    });
    expect(
      validateChangePassword(
        { newPassword: 'abcdefgh', confirmNewPassword: '' },
        {
          passwordRule: ruleOf(null, 6, 20),
          isOldPasswordRequired: false,
          isCommonPassword,
        },
      ),
    ).toEqual({ confirmNewPassword: { key: 'input_not_empty' } });
    expect(
      validateChangePassword(
        { newPassword: 'abc', confirmNewPassword: 'abc' },
        {
          passwordRule: ruleOf(null, 6, 20),
          isOldPasswordRequired: false,
          isCommonPassword,
        },
      ),
    ).toEqual({ newPassword: { key: 'password_length', values: policyLength } });
  });
});

describe('validateForgotByEmail', () => {
  const usernameRule = ruleOf(2, 6, 16);

  it('requires a username of the brand form and a valid email', () => {
    expect(validateForgotByEmail({}, { usernameRule })).toEqual({
      username: { key: 'input_not_empty' },
      email: { key: 'input_not_empty' },
    });
    expect(validateForgotByEmail({ username: '1player', email: 'me@' }, { usernameRule })).toEqual({
      username: { key: 'account_format_invalid' },
      email: { key: 'email_format_invalid' },
    });
    expect(
      validateForgotByEmail({ username: ' player01 ', email: ' me@example.com ' }, { usernameRule }),
    ).toEqual({});
  });
});

describe('validateForgotByPhone', () => {
  const options = { mobileRule: ruleOf(7, 8, 11), passwordRule: ruleOf(6, 6, 20), isCommonPassword };

  it('requires the number, the code and a new password of the rule', () => {
    expect(validateForgotByPhone({}, options)).toEqual({
      mobileNum: { key: 'input_not_empty' },
      verificationCode: { key: 'input_not_empty' },
      newPassword: { key: 'input_not_empty' },
    });
    expect(
      validateForgotByPhone({ mobileNum: '123', verificationCode: '12', newPassword: 'abcdefg' }, options),
    ).toEqual({
      mobileNum: { key: 'phone_tips', values: { min: 8, max: 11 } },
      verificationCode: { key: 'verification_code_invalid' },
      newPassword: { key: 'password_length', values: policyLength },
    });
  });

  it('accepts a complete form and checks a confirmation when one is given', () => {
    const input = { mobileNum: '09171234567', verificationCode: '123456', newPassword: 'secret123' };
    expect(validateForgotByPhone(input, options)).toEqual({});
    expect(validateForgotByPhone({ ...input, confirmNewPassword: 'secret124' }, options)).toEqual({
      confirmNewPassword: { key: 'confirm_incorrect' },
    });
  });
});

describe('password policy (OWASP ASVS 5.0)', () => {
  const lettersAndDigits = ruleOf(6, 6, 20);

  it('takes any characters, spaces and symbols included, from 8 to 128, whatever the brand pattern limits', () => {
    expect(checkPassword('correct horse battery staple', lettersAndDigits, isCommonPassword)).toBeNull();
    expect(checkPassword('Ünïcødé-€-密码-ok', lettersAndDigits, isCommonPassword)).toBeNull();
    expect(checkPassword('x'.repeat(7) + '!', lettersAndDigits, isCommonPassword)).toBeNull();
    expect(checkPassword('Abc-123', lettersAndDigits, isCommonPassword)).toEqual({
      key: 'password_length',
      values: policyLength,
    });
    expect(checkPassword('y'.repeat(128), lettersAndDigits, isCommonPassword)).toBeNull();
    expect(checkPassword('y'.repeat(129), lettersAndDigits, isCommonPassword)?.key).toBe('password_length');
  });

  it('keeps what a brand adds: a longer minimum, a pattern asking for one of each kind', () => {
    expect(checkPassword('lotus garden', ruleOf(null, 14, 20), isCommonPassword)).toEqual({
      key: 'password_length',
      values: { min: 14, max: 128 },
    });
    expect(checkPassword('lotus garden 42', ruleOf(18, 8, 20), isCommonPassword)).toEqual({
      key: 'reg_pattern_18',
      values: policyLength,
    });
    expect(checkPassword('Lotus garden 42!', ruleOf(18, 8, 20), isCommonPassword)).toBeNull();
  });

  it('refuses one of the most common passwords, in any case', () => {
    expect(checkPassword('Password1', ruleOf(null, 8, 128), isCommonPassword)).toEqual({
      key: 'password_common',
    });
    expect(
      validateRegistration(
        { ...validRegistration, password: 'qwerty123', confirmPassword: 'qwerty123' },
        settingWith(),
        usernameMode,
      ),
    ).toEqual({ password: { key: 'password_common' } });
  });

  it('hints the minimum and the recommended length', () => {
    const hint = passwordHint(lettersAndDigits);
    expect(hint).toEqual({ key: 'password_hint', values: { min: 8, recommended: 12 } });
    expect(formatRuleMessage(validationMessagesEn.password_hint ?? '', hint.values)).toBe(
      'At least 8 characters, 12 or more recommended; spaces and symbols are welcome.',
    );
  });
});
