import { describe, expect, it } from 'vitest';
import { checkMobileForCountry, dialingCodeOf, dialingCodes, isValidPhoneNumber } from './phone-numbers';

describe('phone numbers per country', () => {
  it('lists every country with its dialling code, shared codes included', () => {
    const codes = dialingCodes();
    expect(codes.length).toBeGreaterThan(240);
    expect(codes.filter(({ dialingCode }) => dialingCode === '1').map(({ country }) => country)).toEqual(
      expect.arrayContaining(['US', 'CA', 'JM']),
    );
    expect(dialingCodeOf('VN')).toBe('84');
    expect(dialingCodeOf('XX')).toBeNull();
    expect(dialingCodeOf(null)).toBeNull();
  });

  it("checks a number against its country's numbering plan, with or without the + and the trunk 0", () => {
    expect(isValidPhoneNumber('63', '09171234567')).toBe(true);
    expect(isValidPhoneNumber('+92', '3001234567')).toBe(true);
    expect(isValidPhoneNumber('84', '912345678')).toBe(true);
    // The right length but no area code; too short; not digits; a code no country has.
    expect(isValidPhoneNumber('1', '1234567890')).toBe(false);
    expect(isValidPhoneNumber('63', '917123')).toBe(false);
    expect(isValidPhoneNumber('63', '917-123-4567')).toBe(false);
    expect(isValidPhoneNumber('999', '9171234567')).toBe(false);
  });

  it('answers the form message only when a number and a code are given and do not match', () => {
    expect(checkMobileForCountry('+63', '9171234567')).toBeNull();
    expect(checkMobileForCountry('+63', '12345')).toEqual({ key: 'mobile_invalid' });
    expect(checkMobileForCountry(undefined, '12345')).toBeNull();
    expect(checkMobileForCountry('+63', '  ')).toBeNull();
  });
});
