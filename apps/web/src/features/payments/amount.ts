import { toMinorUnits } from '@wps/contracts/money';
import type { PaymentRuleMessage } from './form-messages';

/** The wallet's currencies have two decimals; the server checks the real exponent again. */
const amountDecimals = 2;
const amountPattern = /^\d{1,15}(?:\.\d{1,2})?$/;

/** Minor units of a decimal string, or null when it is not a plain amount (zero allowed). */
export const minorUnitsOf = (decimal: string): bigint | null => {
  try {
    return toMinorUnits(decimal.trim(), amountDecimals, { allowZero: true });
  } catch {
    return null;
  }
};

/** True when the decimal string is more than zero ("0.00" → false; unreadable → false). */
export const isPositiveAmount = (decimal: string): boolean => (minorUnitsOf(decimal) ?? 0n) > 0n;

type AmountLimits = { min?: string | null; max?: string | null; balance?: string | null; currency: string };

/**
 * An amount the player typed, before it is sent: required, a plain number with at most two decimals, more
 * than zero, within the limits and not above the balance. Null when it passes.
 */
export const checkAmount = (value: string, limits: AmountLimits): PaymentRuleMessage | null => {
  const text = value.trim();
  if (text === '') return { rule: 'amount_required' };
  if (!amountPattern.test(text)) return { rule: 'amount_format' };
  const amount = minorUnitsOf(text);
  if (amount === null || amount === 0n) return { rule: 'amount_format' };
  const { currency } = limits;
  const min = limits.min ? minorUnitsOf(limits.min) : null;
  if (min !== null && limits.min && amount < min) {
    return { rule: 'amount_min', values: { min: limits.min, currency } };
  }
  const max = limits.max ? minorUnitsOf(limits.max) : null;
  if (max !== null && limits.max && amount > max) {
    return { rule: 'amount_max', values: { max: limits.max, currency } };
  }
  const balance = limits.balance ? minorUnitsOf(limits.balance) : null;
  if (balance !== null && amount > balance) return { rule: 'amount_over_balance' };
  return null;
};

/** Suggested amounts inside a channel's limits; the minimum and maximum when no round amount fits. */
export const quickAmounts = (min: string, max: string): string[] => {
  const low = minorUnitsOf(min);
  const high = minorUnitsOf(max);
  if (low === null || high === null) return [];
  const fitting = ['100', '200', '500', '1000', '2000', '5000'].filter((candidate) => {
    const value = minorUnitsOf(candidate) ?? 0n;
    return value >= low && value <= high;
  });
  return fitting.length >= 2 ? fitting : [min, max];
};
