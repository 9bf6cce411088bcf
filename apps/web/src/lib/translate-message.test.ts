import { validationMessagesEn } from '@wps/contracts/validation-rules';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import ur from '../locales/ur.json';
import { translateRuleMessage } from './translate-message';

describe('validation messages', () => {
  it('are the English texts of the shared validation module, key for key', () => {
    expect(en.validation).toEqual(validationMessagesEn);
  });

  it('exist in Urdu for every key', () => {
    expect(Object.keys(ur.validation).sort()).toEqual(Object.keys(validationMessagesEn).sort());
  });

  it('are translated and filled with their values', () => {
    // Only English is bundled; the Urdu dictionary is added as the site adds it when Urdu is chosen.
    i18next.addResourceBundle('ur', 'translation', ur);
    const t = i18next.getFixedT('en');
    expect(translateRuleMessage(t, { key: 'reg_pattern_2', values: { min: 6, max: 16 } })).toBe(
      'Start with a letter, then letters and numbers, 6-16 characters.',
    );
    expect(translateRuleMessage(t, { key: 'age_confirm', values: { age: 21 } })).toBe(
      'Please confirm you are 21 years old.',
    );
    expect(
      translateRuleMessage(i18next.getFixedT('ur'), { key: 'phone_tips', values: { min: 8, max: 11 } }),
    ).toBe('براہ کرم زیادہ سے زیادہ 11 ہندسوں کا فون نمبر درج کریں۔');
  });

  it('shows a message the site has no key for as it came', () => {
    expect(translateRuleMessage(i18next.getFixedT('en'), { key: 'Username is taken.' })).toBe(
      'Username is taken.',
    );
  });
});
