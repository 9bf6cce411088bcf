/**
 * The crash game's published rules, free of zod and of any hashing library, so the server, the site and
 * anyone verifying a round compute the same numbers. Multipliers are integers in hundredths (2.35× is 235).
 *
 * Crash point of a round (documented in docs/house-games.md, "Crash game"):
 *   digest = HMAC-SHA256(key = UTF-8 bytes of the chain's public salt, message = the 32 bytes of the round hash)
 *   h      = the first 52 bits of digest (its first 13 hex digits) as an integer, 0 ≤ h < 2^52
 *   crash  = min(maxCrashHundredths, max(100, floor((10000 − edgeBp) · 2^52 / (100 · (2^52 − h)))))
 * so that P(crash ≥ m) = (1 − edge) / m for every m ≥ 1.00 up to the cap: a bet cashed out (or set to cash
 * out) at any target m returns (1 − edge) of its stake on average. With edge 1% (edgeBp = 100) one round in
 * a hundred crashes at 1.00 before anyone can cash out.
 */

/** 2^52: how many values the first 52 bits of the digest can take. */
export const crashHashSpace = 2n ** 52n;

/** No round runs past 1,000,000.00×: it crashes there (a probability below one in a million). */
export const maxCrashHundredths = 100_000_000n;

/** The multiplier grows as e^(growthPerMs · elapsed milliseconds) from the round's start. */
export const crashGrowthPerMs = 0.00006;

/** Auto cash-out targets: from 1.01× to the cap. */
export const minAutoCashOutHundredths = 101;

/** The crash point in hundredths for the first 52 bits of the round's digest and the house edge in basis points. */
export const crashPointFromBits = (bits: bigint, edgeBasisPoints: number): bigint => {
  if (bits < 0n || bits >= crashHashSpace) throw new RangeError('bits must be in [0, 2^52)');
  if (!Number.isInteger(edgeBasisPoints) || edgeBasisPoints < 0 || edgeBasisPoints >= 10_000) {
    throw new RangeError('the house edge is 0 to 9,999 basis points');
  }
  const raw = ((10_000n - BigInt(edgeBasisPoints)) * crashHashSpace) / (100n * (crashHashSpace - bits));
  if (raw < 100n) return 100n;
  return raw > maxCrashHundredths ? maxCrashHundredths : raw;
};

/** The first 52 bits of a hex digest. */
export const first52BitsOf = (hexDigest: string): bigint => {
  if (!/^[0-9a-f]{13}/.test(hexDigest)) throw new RangeError('not a hex digest');
  return BigInt(`0x${hexDigest.slice(0, 13)}`);
};

/** The multiplier (hundredths, rounded down) `elapsedMs` after the round's start. */
export const multiplierAt = (elapsedMs: number): number =>
  elapsedMs <= 0 ? 100 : Math.floor(100 * Math.exp(crashGrowthPerMs * elapsedMs));

/**
 * The first whole millisecond at which the multiplier reaches `hundredths`: when a round with that crash
 * point crashes, and when an auto cash-out at that target fires. 1.00 is reached at once.
 */
export const elapsedToReach = (hundredths: bigint | number): number => {
  const target = Number(hundredths);
  if (target <= 100) return 0;
  let elapsed = Math.max(0, Math.ceil(Math.log(target / 100) / crashGrowthPerMs) - 2);
  while (multiplierAt(elapsed) < target) elapsed += 1;
  while (elapsed > 0 && multiplierAt(elapsed - 1) >= target) elapsed -= 1;
  return elapsed;
};

/** Hundredths as the multiplier players read ("2.35"). */
export const formatMultiplier = (hundredths: bigint | number): string => {
  const value = BigInt(hundredths);
  const fraction = (value % 100n).toString().padStart(2, '0');
  return `${(value / 100n).toString()}.${fraction}`;
};

/** "2.35" (or "2.3", "2") as hundredths; null when it is not a multiplier with at most two decimals. */
export const parseMultiplier = (text: string): bigint | null => {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match?.[1]) return null;
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
};

/** The stake times a multiplier in hundredths, rounded down to the currency's minor unit. */
export const payoutOf = (stake: bigint, hundredths: bigint): bigint => (stake * hundredths) / 100n;
