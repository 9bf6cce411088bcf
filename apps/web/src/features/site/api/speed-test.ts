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
 * Where a domain's ping lives. The domain the site is open on is pinged at its own origin (keeping its scheme
 * and port, so a local demo works); every other domain over https.
 */
export const pingUrlOf = (
  domainName: string,
  current: Pick<Location, 'hostname' | 'host' | 'origin'>,
  random: () => number = randomUnit,
): string => {
  const query = String(random()).slice(2);
  const isCurrent = domainName === current.host || domainName === current.hostname;
  return `${isCurrent ? current.origin : `https://${domainName}`}${pingPath}?${query}`;
};

export const siteUrlOf = (
  domainName: string,
  current: Pick<Location, 'hostname' | 'host' | 'origin'>,
): string =>
  domainName === current.host || domainName === current.hostname ? current.origin : `https://${domainName}`;

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
  domainNames: readonly string[],
  current: Pick<Location, 'hostname' | 'host' | 'origin'> = window.location,
  ping: (url: string) => Promise<number | null> = pingOnce,
): Promise<SpeedResult[]> => {
  const results = await Promise.all(
    domainNames.slice(0, speedTestRules.maxDomains).map(async (domainName) => {
      const elapsedMs = await ping(pingUrlOf(domainName, current));
      const displayedMs = simulateDisplayedTime(elapsedMs);
      return {
        domainName,
        url: siteUrlOf(domainName, current),
        elapsedMs,
        displayedMs,
        speed: classifySpeed(displayedMs),
      };
    }),
  );
  return sortBySpeed(results);
};
