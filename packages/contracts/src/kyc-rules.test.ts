import { describe, expect, it } from 'vitest';
import { ageOn, checkBirthday, isTierAtLeast, tierOfApprovedKinds } from './kyc-rules';

describe('the KYC tier rule', () => {
  it('is basic with an approved identity, verified with identity and address; payment method adds nothing', () => {
    expect(tierOfApprovedKinds([])).toBe('none');
    expect(tierOfApprovedKinds(['address'])).toBe('none');
    expect(tierOfApprovedKinds(['payment_method'])).toBe('none');
    expect(tierOfApprovedKinds(['identity'])).toBe('basic');
    expect(tierOfApprovedKinds(['identity', 'payment_method'])).toBe('basic');
    expect(tierOfApprovedKinds(['address', 'identity'])).toBe('verified');
    expect(tierOfApprovedKinds(['identity', 'address', 'payment_method'])).toBe('verified');
  });

  it('orders the tiers', () => {
    expect(isTierAtLeast('none', 'basic')).toBe(false);
    expect(isTierAtLeast('basic', 'basic')).toBe(true);
    expect(isTierAtLeast('basic', 'verified')).toBe(false);
    expect(isTierAtLeast('verified', 'basic')).toBe(true);
  });
});

describe('the date of birth at registration', () => {
  const today = new Date('2025-06-15T10:00:00Z');

  it('counts whole years, a birthday today included', () => {
    expect(ageOn('2007-06-15', today)).toBe(18);
    expect(ageOn('2007-06-16', today)).toBe(17);
    expect(ageOn('2000-02-29', new Date('2018-02-28T12:00:00Z'))).toBe(17);
    expect(ageOn('2000-02-29', new Date('2018-03-01T12:00:00Z'))).toBe(18);
    expect(ageOn('2001-02-29', today)).toBeUndefined();
  });

  it('requires a real date and at least the minimum age', () => {
    expect(checkBirthday(undefined, 18, today)).toEqual({ key: 'birthday_required' });
    expect(checkBirthday('  ', 18, today)).toEqual({ key: 'birthday_required' });
    expect(checkBirthday('15/06/2000', 18, today)).toEqual({ key: 'birthday_invalid' });
    expect(checkBirthday('2000-13-01', 18, today)).toEqual({ key: 'birthday_invalid' });
    expect(checkBirthday('1899-12-31', 18, today)).toEqual({ key: 'birthday_invalid' });
    expect(checkBirthday('2025-06-16', 18, today)).toEqual({ key: 'birthday_invalid' });
    expect(checkBirthday('2007-06-16', 18, today)).toEqual({
      key: 'birthday_under_age',
      values: { age: 18 },
    });
    expect(checkBirthday('2007-06-15', 18, today)).toBeNull();
    expect(checkBirthday('2005-01-01', 21, today)).toEqual({
      key: 'birthday_under_age',
      values: { age: 21 },
    });
    expect(checkBirthday('2004-06-15', 21, today)).toBeNull();
  });
});
