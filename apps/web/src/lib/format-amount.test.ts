import { describe, expect, it } from 'vitest';
import { amountSign, formatAmount } from './format-amount';
describe('formatAmount', () => {
  it.each([
    ['0', '0.00'],
    ['0.5', '0.50'],
    ['12.3', '12.30'],
    ['1000.00', '1,000.00'],
    ['1234567.89', '1,234,567.89'],
    ['-98765.4', '-98,765.40'],
    ['000123.45', '123.45'],
    // Beyond float precision: the digits are kept exactly.
    ['92233720368547758.07', '92,233,720,368,547,758.07'],
    // More decimals than shown are cut, never rounded up.
    ['1.999', '1.99'],
    ['-0.001', '0.00'],
  ])('formats %s as %s', (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
  });

  it('adds a plus to money in when signed, never to zero', () => {
    expect(formatAmount('50', { signed: true })).toBe('+50.00');
    expect(formatAmount('-50', { signed: true })).toBe('-50.00');
    expect(formatAmount('0.00', { signed: true })).toBe('0.00');
  });

  it("follows the site language's separators and grouping, in Latin digits, exactly", () => {
    expect(formatAmount('1234567.5', { locale: 'vi' })).toBe('1.234.567,50');
    expect(formatAmount('1234567.5', { locale: 'pt-BR' })).toBe('1.234.567,50');
    expect(formatAmount('1234567.5', { locale: 'hi' })).toBe('12,34,567.50');
    expect(formatAmount('1234567.5', { locale: 'bn' })).toBe('12,34,567.50');
    expect(formatAmount('92233720368547758.079', { locale: 'id' })).toBe('92.233.720.368.547.758,07');
    expect(formatAmount('-50', { locale: 'vi', signed: true })).toBe('-50,00');
    expect(formatAmount('50', { locale: 'vi', signed: true })).toBe('+50,00');
  });

  it('shows anything that is not a plain decimal as it came', () => {
    expect(formatAmount('1e5')).toBe('1e5');
    expect(formatAmount('')).toBe('');
  });

  it('tells money in from money out', () => {
    expect(amountSign('12.00')).toBe('positive');
    expect(amountSign('-0.01')).toBe('negative');
    expect(amountSign('-0.00')).toBe('zero');
    expect(amountSign('abc')).toBe('zero');
  });
});
