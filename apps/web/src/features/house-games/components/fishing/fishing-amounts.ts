/**
 * Amounts of one currency as integers of its smallest unit, for the page's own sums (the cost of shots not yet
 * answered, taken off the balance shown). The server's answers stay the truth; nothing here is a float.
 */
export const decimalsOf = (amount: string): number => amount.split('.')[1]?.length ?? 0;

export const toUnits = (amount: string, decimals: number): bigint => {
  const [whole = '0', fraction = ''] = amount.replace(/^-/, '').split('.');
  const units =
    BigInt(whole) * 10n ** BigInt(decimals) +
    BigInt(fraction.padEnd(decimals, '0').slice(0, decimals) || '0');
  return amount.startsWith('-') ? -units : units;
};

export const fromUnits = (units: bigint, decimals: number): string => {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(decimals + 1, '0');
  return decimals === 0
    ? `${sign}${digits}`
    : `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
};
