import i18next from 'i18next';

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

/** A plain decimal string, which Intl.NumberFormat formats exactly (no float in between). */
const isDecimalLiteral = (text: string): text is `${number}` => decimalPattern.test(text);

const formatters = new Map<string, Intl.NumberFormat>();

/** Two decimals in the locale's separators and grouping (1.234.567,50 in Vietnamese, 12,34,567.50 in Hindi). */
const formatterFor = (locale: string, signed: boolean): Intl.NumberFormat => {
  const key = `${locale}|${signed ? 'signed' : 'plain'}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      // Latin digits in every language: amounts are compared with what banks and wallets show, typed back in.
      numberingSystem: 'latn',
      signDisplay: signed ? 'exceptZero' : 'negative',
    });
    formatters.set(key, formatter);
  }
  return formatter;
};

/**
 * "1234567.5" → "1,234,567.50" in English, "1.234.567,50" in Vietnamese: the site language's separators and
 * exactly two decimals (spec section 9), from the decimal string itself so no float ever holds the amount.
 * Digits beyond two are cut, never rounded up; a string that is not a plain decimal is shown as it came.
 * `signed` adds "+" to amounts above zero.
 */
export const formatAmount = (
  decimal: string,
  { signed = false, locale = i18next.language }: { signed?: boolean; locale?: string } = {},
): string => {
  const parts = splitDecimal(decimal);
  if (parts === null) return decimal;
  const exact = `${parts.isNegative && !parts.isZero ? '-' : ''}${parts.digits}.${parts.cents}`;
  return isDecimalLiteral(exact) ? formatterFor(locale, signed).format(exact) : decimal;
};

/** Whether an amount is money in, money out or nothing, for its colour. */
export const amountSign = (decimal: string): AmountSign => {
  const parts = splitDecimal(decimal);
  if (parts === null || parts.isZero) return 'zero';
  return parts.isNegative ? 'negative' : 'positive';
};
