import type { PointEarningSource } from '@wps/contracts/loyalty-points';

/** Rates (decimal strings) are read to this many decimals; a further digit would be a sub-atomic point. */
export const rateDecimals = 8;

/** A rate such as '1' or '0.25' as an integer of 10^-8 (negative, malformed or empty: 0, earns nothing). */
export const scaleRate = (rate: string | undefined): bigint => {
  const match = rate === undefined ? null : /^(\d{1,12})(?:\.(\d+))?$/.exec(rate.trim());
  if (!match) return 0n;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').slice(0, rateDecimals).padEnd(rateDecimals, '0');
  return BigInt(whole) * 10n ** BigInt(rateDecimals) + BigInt(fraction);
};

/**
 * One point in the units earning counts in: an amount in minor units times a scaled rate is in units of
 * 10^-(8 + exponent) points, so it is exact whatever the rate and the currency.
 */
export const unitsPerPoint = (exponent: number): bigint => 10n ** BigInt(rateDecimals + exponent);

/** The spec's game types, from the platform's product lines. */
export const earningSourceOf = (productLine: string | null): PointEarningSource => {
  switch (productLine) {
    case 'LIVE':
      return 'live';
    case 'SPORTS':
      return 'sports';
    case 'PVP':
      return 'pvp';
    case 'LOTT':
    case 'ELOTT':
      return 'lottery';
    default:
      return 'slots';
  }
};

/**
 * Whole points from a member's carried fraction plus what a batch earned (units, may be negative after refunds),
 * and the fraction to carry. A negative sum takes back whole points, rounded up, but only as many as the member
 * still holds (`held`): points already spent are not clawed back and the rest of the debt is forgiven (the
 * fraction restarts at zero), so a balance never goes below zero and earning never stalls on a debt.
 */
export const settleUnits = (
  remainder: bigint,
  units: bigint,
  unit: bigint,
  held: bigint,
): { points: bigint; remainder: bigint } => {
  const total = remainder + units;
  if (total >= 0n) return { points: total / unit, remainder: total % unit };
  const owed = (-total + unit - 1n) / unit;
  if (owed <= held) return { points: -owed, remainder: total + owed * unit };
  return { points: -held, remainder: 0n };
};
