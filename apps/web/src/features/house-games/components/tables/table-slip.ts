import { formatMinorUnits, toMinorUnits } from '@wps/contracts/money';
import { formatAmount } from '../../../../lib/format-amount';
import type { MyTableBet } from '../../api/tables-queries';

/**
 * The bets a player lays on the table before confirming them, and the money sums around them. The tables'
 * API speaks minor units for limits, totals and bets (their currency's), the bet request decimals; the site's
 * money has two decimals (the server checks the currency's real exponent again).
 */
const siteExponent = 2;

export const minorToDecimal = (minor: bigint | string): string =>
  formatMinorUnits(BigInt(minor), siteExponent);

/** An amount as the page shows it: "1,234.50". */
export const formatMinor = (minor: bigint | string): string => formatAmount(minorToDecimal(minor));

export const decimalToMinor = (decimal: string): bigint =>
  toMinorUnits(decimal, siteExponent, { allowZero: true });

/** Stakes by spot key, in minor units. */
export type Slip = ReadonlyMap<string, bigint>;
export const emptySlip: Slip = new Map();

export const slipTotal = (slip: Slip): bigint => [...slip.values()].reduce((sum, amount) => sum + amount, 0n);

export const withChip = (slip: Slip, spot: string, chip: bigint): Slip =>
  new Map(slip).set(spot, (slip.get(spot) ?? 0n) + chip);

export const doubled = (slip: Slip): Slip => new Map([...slip].map(([spot, amount]) => [spot, amount * 2n]));

/** Every bet the player made on the most recent round before `currentRoundId`, as a slip. */
export const lastRoundSlip = (bets: readonly MyTableBet[], currentRoundId: string | null): Slip => {
  const earlier = bets.filter((bet) => bet.roundId !== currentRoundId);
  const lastNumber = Math.max(...earlier.map((bet) => bet.roundNumber));
  const slip = new Map<string, bigint>();
  for (const bet of earlier) {
    if (bet.roundNumber === lastNumber) slip.set(bet.spot, (slip.get(bet.spot) ?? 0n) + BigInt(bet.amount));
  }
  return slip;
};

/** What the player has on each spot of a round already (confirmed bets). */
export const placedOn = (bets: readonly MyTableBet[], roundId: string | null): Slip => {
  const placed = new Map<string, bigint>();
  for (const bet of bets) {
    if (bet.roundId === roundId) placed.set(bet.spot, (placed.get(bet.spot) ?? 0n) + BigInt(bet.amount));
  }
  return placed;
};

export type Limits = { minStake: string; maxStake: string; maxPerRound: string };

/** Which limit adding to the slip would break, counting what is already placed on the round. */
export const limitBroken = (slip: Slip, placed: Slip, limits: Limits): 'spot_max' | 'round_max' | null => {
  const maxStake = BigInt(limits.maxStake);
  for (const [spot, amount] of slip) {
    if (amount + (placed.get(spot) ?? 0n) > maxStake) return 'spot_max';
  }
  return slipTotal(slip) + slipTotal(placed) > BigInt(limits.maxPerRound) ? 'round_max' : null;
};

const chipSteps = [1n, 5n, 10n, 25n, 50n, 100n, 500n, 1_000n, 5_000n, 10_000n, 50_000n, 100_000n];
const chipCount = 6;

/**
 * Chip values for the table's limits: the minimum stake, then round steps above it up to the maximum, six at
 * most (minor units).
 */
export const chipValues = (limits: Limits): bigint[] => {
  const min = BigInt(limits.minStake);
  const max = BigInt(limits.maxStake);
  const unit = 10n ** BigInt(siteExponent);
  const steps = chipSteps.map((step) => step * unit).filter((value) => value > min && value <= max);
  return [min, ...steps].slice(0, chipCount);
};

/** A chip's face: 5, 25, 1K, 2.5K, 10K (whole units of the currency). */
export const chipFace = (minor: bigint): string => {
  const units = Number(minor) / 10 ** siteExponent;
  if (units >= 1_000_000) return `${String(units / 1_000_000)}M`;
  if (units >= 1_000) return `${String(units / 1_000)}K`;
  return String(units);
};

/** The request's bets: each spot with its decimal amount, in the order laid. */
export const slipBets = (slip: Slip): Array<{ spot: string; amount: string }> =>
  [...slip].map(([spot, amount]) => ({ spot, amount: minorToDecimal(amount) }));

/** The player's bets on a settled round: what they staked and what came back. */
export const roundOutcome = (bets: readonly MyTableBet[], roundId: string) => {
  const mine = bets.filter((bet) => bet.roundId === roundId);
  const staked = mine.reduce((sum, bet) => sum + BigInt(bet.amount), 0n);
  const returned = mine.reduce((sum, bet) => sum + BigInt(bet.returned ?? '0'), 0n);
  const isSettled = mine.length > 0 && mine.every((bet) => bet.status !== 'PLACED');
  return { hasBets: mine.length > 0, isSettled, staked, returned };
};
