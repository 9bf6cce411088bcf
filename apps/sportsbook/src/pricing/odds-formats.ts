import type { MilliOdds, OddsFormat } from '../domain';

/**
 * Odds for the player's eyes, two decimals in every format. From Hong Kong odds h = decimal − 1: Malay is h when
 * h ≤ 1, else −1/h; Indonesian is h when h ≥ 1, else −1/h. Rounding always shows the player no better a price than
 * the one paid: positive figures are cut (1.955 shows 1.95), negative ones rounded away from zero (−0.6667 shows
 * −0.67). The arithmetic is on integers (hundredths), never floats.
 */
export const formatOdds = (odds: MilliOdds, format: OddsFormat): string => {
  if (!Number.isInteger(odds) || odds <= 1000)
    throw new RangeError(`Not decimal odds in thousandths: ${String(odds)}`);
  const hongKong = odds - 1000;
  switch (format) {
    case 'decimal':
      return showHundredths(Math.floor(odds / 10));
    case 'hongkong':
      return showHundredths(Math.floor(hongKong / 10));
    case 'malay':
      return hongKong <= 1000 ? showHundredths(Math.floor(hongKong / 10)) : showNegativeInverse(hongKong);
    case 'indonesian':
      return hongKong >= 1000 ? showHundredths(Math.floor(hongKong / 10)) : showNegativeInverse(hongKong);
  }
};

/** −1/h in hundredths for h in thousandths: −(100 000 / h), rounded away from zero. */
const showNegativeInverse = (hongKong: number): string => showHundredths(-Math.ceil(100_000 / hongKong));

const showHundredths = (hundredths: number): string => {
  const sign = hundredths < 0 ? '-' : '';
  const magnitude = Math.abs(hundredths);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
};
