import { toMinorUnits } from '@wps/contracts/money';
import type { PlayLimitKind } from '@wps/contracts/protection';

/** The site's wallet currencies have two decimals; the server checks the currency's real exponent again. */
const amountDecimals = 2;
const amountPattern = /^\d{1,15}(?:\.\d{1,2})?$/;
const minutesPattern = /^\d{1,6}$/;

/** What a limit's value is typed in: money in the member's currency, or minutes for a session limit. */
export const isTimeLimit = (kind: PlayLimitKind): boolean => kind === 'session';

/** Minor units (or minutes) of a limit value; null when it is not a plain non-negative number. */
const unitsOf = (kind: PlayLimitKind, value: string): bigint | null => {
  const text = value.trim();
  if (isTimeLimit(kind)) return minutesPattern.test(text) ? BigInt(text) : null;
  if (!amountPattern.test(text)) return null;
  try {
    return toMinorUnits(text, amountDecimals, { allowZero: true });
  } catch {
    return null;
  }
};

/** The rule a typed limit breaks (its message key), or null when it is a value above zero. */
export const checkLimitValue = (kind: PlayLimitKind, value: string): 'amount' | 'minutes' | null => {
  const units = unitsOf(kind, value);
  if (units !== null && units > 0n) return null;
  return isTimeLimit(kind) ? 'minutes' : 'amount';
};

/** A decimal the server answered, scaled to whole millionths (enough for any currency's decimals). */
const scaledOf = (decimal: string): bigint | null => {
  const match = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(decimal.trim());
  if (match === null) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const magnitude = BigInt(`${whole}${fraction.padEnd(6, '0')}`);
  return sign === '-' ? -magnitude : magnitude;
};

/**
 * How full a limit's period is, 0 to 100, for its bar. A loss can be below zero (the member is ahead) and usage
 * can pass a limit lowered below it: both are held to the bar's ends. Worked in whole units, never floats.
 */
export const usedPercent = (used: string, amount: string): number => {
  const usedUnits = scaledOf(used);
  const limitUnits = scaledOf(amount);
  if (usedUnits === null || limitUnits === null || limitUnits <= 0n || usedUnits <= 0n) return 0;
  if (usedUnits >= limitUnits) return 100;
  return Number((usedUnits * 100n) / limitUnits);
};
