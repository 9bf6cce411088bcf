import { toMinorUnits } from '@wps/contracts/money';

/** The site's money has two decimals; the server checks the currency's real exponent again. */
const amountDecimals = 2;

export type AmountRule = 'amount_required' | 'amount_invalid';

/**
 * What is wrong with an amount the member typed before it is sent: empty, or not a plain number above zero
 * with at most two decimals. Null when it may be sent.
 */
export const checkAmountInput = (value: string): AmountRule | null => {
  const text = value.trim();
  if (text === '') return 'amount_required';
  try {
    toMinorUnits(text, amountDecimals);
    return null;
  } catch {
    return 'amount_invalid';
  }
};
