import type { DomainOriginEntry } from '@wps/contracts/site';

/** Spec sections 4 and 9: the server speed test. */
export const speedTestRules = {
  maxDomains: 5,
  fastMs: 80,
  normalMs: 150,
  /** What an unreachable domain counts as (rated slow). */
  unreachableMs: 9999,
  /** How long one ping may take before the domain counts as unreachable (the spec does not say). */
  timeoutMs: 5000,
} as const;

export const pingPath = '/common/v.1.0.1/ping.json';

export type SpeedClass = 'fast' | 'normal' | 'slow';
export type SpeedResult = {
  domainName: string;
  url: string;
  elapsedMs: number | null;
  displayedMs: number;
  speed: SpeedClass;
};

/** A number in [0, 1) from the platform's cryptographic generator. */
export const randomUnit = (): number => {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return value / 2 ** 32;
};

const randomBetween = (min: number, max: number, random: () => number): number =>
  min + Math.floor(random() * (max - min + 1));

/**
 * The time shown for a measured one (spec section 4): 400 ms or more shows 100-150, 200-400 shows 60-100,
 * 100-200 shows 40-60, anything faster 20-40; unreachable shows 9999.
 */
export const simulateDisplayedTime = (
  elapsedMs: number | null,
  random: () => number = randomUnit,
): number => {
  if (elapsedMs === null) return speedTestRules.unreachableMs;
  if (elapsedMs >= 400) return randomBetween(100, 150, random);
  if (elapsedMs >= 200) return randomBetween(60, 100, random);
  if (elapsedMs >= 100) return randomBetween(40, 60, random);
  return randomBetween(20, 40, random);
};

export const classifySpeed = (displayedMs: number): SpeedClass => {
  if (displayedMs <= speedTestRules.fastMs) return 'fast';
  if (displayedMs <= speedTestRules.normalMs) return 'normal';
  return 'slow';
};

/**
 * Where a domain's ping lives: at the origin the server gives the domain (the scheme and port the brand's site
 * is served on, or PUBLIC_URL's), so a local demo on any port and a site behind a proxy are pinged where they
 * answer; a random query keeps caches out.
 */
export const pingUrlOf = (origin: string, random: () => number = randomUnit): string =>
  `${origin}${pingPath}?${String(random()).slice(2)}`;

/** Fastest first; unreachable domains last. */
export const sortBySpeed = <Result extends Pick<SpeedResult, 'displayedMs' | 'elapsedMs'>>(
  results: readonly Result[],
): Result[] =>
  [...results].sort(
    (a, b) =>
      a.displayedMs - b.displayedMs ||
      (a.elapsedMs ?? speedTestRules.unreachableMs) - (b.elapsedMs ?? speedTestRules.unreachableMs),
  );

/** One ping: the elapsed milliseconds, or null when the domain did not answer in time. */
export const pingOnce = async (url: string): Promise<number | null> => {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(speedTestRules.timeoutMs),
    });
    if (!response.ok) return null;
    await response.arrayBuffer();
    return performance.now() - started;
  } catch {
    return null;
  }
};

/** Pings the first 5 domains at once and answers them sorted by speed. */
export const runSpeedTest = async (
  domains: readonly DomainOriginEntry[],
  ping: (url: string) => Promise<number | null> = pingOnce,
): Promise<SpeedResult[]> => {
  const results = await Promise.all(
    domains.slice(0, speedTestRules.maxDomains).map(async ({ domainName, origin }) => {
      const elapsedMs = await ping(pingUrlOf(origin));
      const displayedMs = simulateDisplayedTime(elapsedMs);
      return {
        domainName,
        url: origin,
        elapsedMs,
        displayedMs,
        speed: classifySpeed(displayedMs),
      };
    }),
  );
  return sortBySpeed(results);
};
