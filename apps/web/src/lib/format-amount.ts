const decimalPattern = /^(-?)(\d+)(?:\.(\d+))?$/;

export type AmountSign = 'positive' | 'negative' | 'zero';

const splitDecimal = (decimal: string) => {
  const match = decimalPattern.exec(decimal.trim());
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  const digits = whole.replace(/^0+(?=\d)/, '');
  const cents = fraction.padEnd(2, '0').slice(0, 2);
  return { isNegative: sign === '-', digits, cents, isZero: /^0+$/.test(`${digits}${cents}`) };
};

/**
 * "1234567.5" → "1,234,567.50": thousands separators and exactly two decimals (spec section 9), worked on the
 * decimal string itself so no float ever holds the amount. Digits beyond two are cut, never rounded up; a
 * string that is not a plain decimal is shown as it came. `signed` adds "+" to amounts above zero.
 */
export const formatAmount = (decimal: string, { signed = false }: { signed?: boolean } = {}): string => {
  const parts = splitDecimal(decimal);
  if (parts === null) return decimal;
  const grouped = parts.digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const prefix = parts.isZero ? '' : parts.isNegative ? '-' : signed ? '+' : '';
  return `${prefix}${grouped}.${parts.cents}`;
};

/** Whether an amount is money in, money out or nothing, for its colour. */
export const amountSign = (decimal: string): AmountSign => {
  const parts = splitDecimal(decimal);
  if (parts === null || parts.isZero) return 'zero';
  return parts.isNegative ? 'negative' : 'positive';
};
