/**
 * Amounts of a card table as the server sends them (decimal strings with the currency's decimals, "12.50"),
 * turned into whole minor units for the bet slider and back, exactly (no floating point).
 */

/** The number of decimals of an amount the server sent ("0.10" → 2). */
export const decimalsOf = (amount: string): number => amount.split('.')[1]?.length ?? 0;

export const toMinor = (amount: string, decimals: number): bigint => {
  const [whole = '0', fraction = ''] = amount.trim().split('.');
  return (
    BigInt(whole || '0') * 10n ** BigInt(decimals) +
    BigInt(fraction.padEnd(decimals, '0').slice(0, decimals) || '0')
  );
};

export const fromMinor = (minor: bigint, decimals: number): string => {
  if (decimals === 0) return minor.toString();
  const text = minor.toString().padStart(decimals + 1, '0');
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
};

/** The amount clamped into [min, max]. */
export const clampMinor = (value: bigint, min: bigint, max: bigint): bigint =>
  value < min ? min : value > max ? max : value;
