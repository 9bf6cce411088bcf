import { describe, expect, it } from 'vitest';
import { checkAmountInput } from './amount-input';
import { isRangeReversed, localIsoDate, recentDays } from '../../lib/date-range';

describe('checkAmountInput', () => {
  it.each([
    ['', 'amount_required'],
    ['  ', 'amount_required'],
    ['0', 'amount_invalid'],
    ['-5', 'amount_invalid'],
    ['1.234', 'amount_invalid'],
    ['1,000', 'amount_invalid'],
    ['abc', 'amount_invalid'],
    ['100', null],
    [' 100.5 ', null],
    ['0.01', null],
  ])('%j → %s', (input, expected) => {
    expect(checkAmountInput(input)).toBe(expected);
  });
});

describe('date ranges', () => {
  it('counts the last days in local dates, today included', () => {
    expect(recentDays(7, new Date(2025, 2, 3, 23, 30))).toEqual({ from: '2025-02-25', to: '2025-03-03' });
    expect(localIsoDate(new Date(2025, 0, 5))).toBe('2025-01-05');
  });

  it('finds a start after the end', () => {
    expect(isRangeReversed('2025-02-02', '2025-02-01')).toBe(true);
    expect(isRangeReversed('2025-02-01', '2025-02-01')).toBe(false);
    expect(isRangeReversed('', '2025-02-01')).toBe(false);
  });
});
