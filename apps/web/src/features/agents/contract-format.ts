import { basisPointsPerWhole } from '@wps/contracts/agent-contract-rules';
import { toMinorUnits } from '@wps/contracts/money';

/** 150 basis points → "1.50%"; worked on integers, so no float shows a rate wrong. */
export const formatRate = (basisPoints: number): string => {
  const hundredths = (basisPoints * 100) / basisPointsPerWhole;
  const whole = Math.trunc(hundredths);
  const cents = String(Math.round((hundredths - whole) * 100)).padStart(2, '0');
  return `${whole}.${cents}%`;
};

/** "1.5" (per cent, at most two decimals, above 0 and at most 100) → 150 basis points; null when not. */
export const parseRatePercent = (text: string): number | null => {
  try {
    const basisPoints = Number(toMinorUnits(text.trim(), 2));
    return basisPoints >= 1 && basisPoints <= basisPointsPerWhole ? basisPoints : null;
  } catch {
    return null;
  }
};

/** A figure threshold: a plain amount of at most two decimals, zero allowed. */
export const isFigureInput = (text: string): boolean => {
  try {
    toMinorUnits(text.trim(), 2, { allowZero: true });
    return true;
  } catch {
    return false;
  }
};
