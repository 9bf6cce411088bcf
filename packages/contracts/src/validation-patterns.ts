/**
 * Named input rules, numbered in the order of the spec's message templates (section 5). A brand's register
 * setting refers to one by `patternId`; its message is `reg_pattern_{patternId}` with (min) and (max) filled.
 */
export const validationPatterns = {
  1: { name: 'anyCharacters', source: '^[\\s\\S]*$' },
  2: { name: 'letterThenAlphanumeric', source: '^[A-Za-z][A-Za-z0-9]*$' },
  3: { name: 'chineseAndDigits', source: '^[\\u4e00-\\u9fa50-9]+$' },
  4: { name: 'email', source: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' },
  5: { name: 'lettersOrDigits', source: '^[A-Za-z0-9]+$' },
  6: { name: 'lettersAndDigitsCombined', source: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$' },
  7: { name: 'digitsOnly', source: '^[0-9]+$' },
  8: { name: 'alphanumericWithUppercase', source: '^(?=.*[A-Z])[A-Za-z0-9]+$' },
  9: { name: 'englishLettersAndSpaces', source: '^[A-Za-z ]+$' },
  10: { name: 'noSpaces', source: '^\\S+$' },
  11: { name: 'chineseAndPunctuation', source: '^[\\u4e00-\\u9fa5\\u3000-\\u303f\\uff00-\\uffef]+$' },
  12: { name: 'date', source: '^(\\d{4}-\\d{2}-\\d{2}|\\d{2}-\\d{2}-\\d{4})$' },
  13: { name: 'koreanOnly', source: '^[\\uac00-\\ud7a3\\u1100-\\u11ff\\u3130-\\u318f]+$' },
  14: { name: 'thaiOnly', source: '^[\\u0e00-\\u0e7f]+$' },
  15: { name: 'thaiOrEnglish', source: '^[\\u0e00-\\u0e7fA-Za-z ]+$' },
  16: { name: 'uppercaseAndSpaces', source: '^(?=.*[A-Z])[A-Z ]+$' },
  17: { name: 'lettersDigitsSymbols', source: '^[\\x21-\\x7e]+$' },
  18: { name: 'strongPassword', source: '^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9]).+$' },
  19: { name: 'fullName', source: '^\\S+( \\S+)+$' },
  20: { name: 'fullWidthJapanese', source: '^[\\u3040-\\u30ff\\u4e00-\\u9fa5\\uff01-\\uff5e\\u3000]+$' },
  21: { name: 'uppercaseOnly', source: '^[A-Z]+$' },
  22: { name: 'digitsStartingWithNine', source: '^9[0-9]*$' },
} as const;

export type ValidationPatternId = keyof typeof validationPatterns;
