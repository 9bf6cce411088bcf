/**
 * Money crosses the wire as decimal strings ("1234.50") and lives everywhere else as an integer count of the
 * currency's minor units (a bigint). These two functions are the only way between the two, and they are
 * exact: no float ever holds an amount.
 */

/** The largest amount PostgreSQL's int8 (where amounts are stored) can hold. */
export const maxMinorUnits = 9_223_372_036_854_775_807n;
/** No currency in ISO 4217 has more than 4 decimals; 8 leaves room for units such as satoshis. */
export const maxCurrencyExponent = 8;

export type MoneyErrorReason = 'format' | 'too_many_decimals' | 'zero' | 'negative' | 'too_large';

export class MoneyFormatError extends Error {
  readonly reason: MoneyErrorReason;

  constructor(reason: MoneyErrorReason, message: string) {
    super(message);
    this.name = 'MoneyFormatError';
    this.reason = reason;
  }
}

export type MinorUnitsOptions = {
  /** Accept "0" (a zero balance, a zero fee); amounts to move are never zero, so the default refuses it. */
  allowZero?: boolean;
  /** Accept a leading minus (an adjustment, a loss); amounts entered by players are never negative. */
  allowNegative?: boolean;
};

// Digits, optionally a point followed by digits; no exponent, sign "+", grouping or surrounding space, since
// each of those is a way for two different strings to mean the same amount or for a typo to pass.
const decimalPattern = /^(-?)(\d+)(?:\.(\d+))?$/;

const checkExponent = (exponent: number): void => {
  if (!Number.isInteger(exponent) || exponent < 0 || exponent > maxCurrencyExponent) {
    throw new RangeError(
      `A currency exponent is an integer from 0 to ${maxCurrencyExponent}, not ${exponent}`,
    );
  }
};

/**
 * "1234.5" with exponent 2 → 123450n. Refuses what is not a plain decimal, more decimals than the currency
 * has (even trailing zeros: the client is told the currency's precision and must respect it), zero and
 * negative amounts unless allowed, and amounts beyond int8.
 */
export const toMinorUnits = (decimal: string, exponent: number, options: MinorUnitsOptions = {}): bigint => {
  checkExponent(exponent);
  const match = decimalPattern.exec(decimal);
  if (!match) throw new MoneyFormatError('format', `"${decimal}" is not a decimal amount`);
  const [, sign = '', whole = '', fraction = ''] = match;
  if (fraction.length > exponent) {
    throw new MoneyFormatError(
      'too_many_decimals',
      exponent === 0
        ? 'This currency has no decimals'
        : `This currency has at most ${exponent} decimal${exponent === 1 ? '' : 's'}`,
    );
  }
  // Checking the length first keeps a megabyte of digits from becoming a megabyte-sized bigint.
  const digits = `${whole}${fraction.padEnd(exponent, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > maxMinorUnits.toString().length) {
    throw new MoneyFormatError('too_large', 'The amount is too large');
  }
  const magnitude = BigInt(digits);
  if (magnitude > maxMinorUnits) throw new MoneyFormatError('too_large', 'The amount is too large');
  if (magnitude === 0n) {
    if (!options.allowZero) throw new MoneyFormatError('zero', 'The amount must not be zero');
    return 0n;
  }
  if (sign === '-') {
    if (!options.allowNegative) throw new MoneyFormatError('negative', 'The amount must not be negative');
    return -magnitude;
  }
  return magnitude;
};

/** 123450n with exponent 2 → "1234.50"; -5n → "-0.05"; exponent 0 → no point. */
export const formatMinorUnits = (amount: bigint, exponent: number): string => {
  checkExponent(exponent);
  const sign = amount < 0n ? '-' : '';
  const digits = (amount < 0n ? -amount : amount).toString().padStart(exponent + 1, '0');
  if (exponent === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
};
