import { protocolAmountScale } from '@wps/contracts/vendor-wallet';

/**
 * The book counts money in hundredths of the player's currency (stakes are taken and payouts made to the cent);
 * the wallet protocol carries amounts × 100,000. Conversions are exact both ways.
 */
const protocolPerCent = protocolAmountScale / 100n;

export const centsToProtocol = (cents: bigint): bigint => cents * protocolPerCent;

/** A protocol amount in cents, cut (never rounded up) below the cent. */
export const protocolToCents = (amount: bigint): bigint => amount / protocolPerCent;

/** "12.5" or "12.50" → 1250n; null for anything else (negative, more than two decimals, not a number). */
export const parseCents = (text: string): bigint | null => {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
};

export const formatCents = (cents: bigint): string => {
  const sign = cents < 0n ? '-' : '';
  const absolute = cents < 0n ? -cents : cents;
  return `${sign}${(absolute / 100n).toString()}.${(absolute % 100n).toString().padStart(2, '0')}`;
};
