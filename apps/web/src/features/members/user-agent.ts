/** A browser or app's User-Agent as a person names the device: its browser and its system, each when known. */
export type DeviceName = { browser: string | null; system: string | null };

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", iPhones say "Mac OS X" and
// Android says "Linux", so the more particular names are tried first.
const browsers: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: readonly (readonly [RegExp, string])[] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (userAgent: string, names: readonly (readonly [RegExp, string])[]): string | null =>
  names.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

/** "Chrome" and "Android" out of a long User-Agent; nulls for a missing one or one nobody would recognise. */
export const nameDevice = (userAgent: string | null): DeviceName => ({
  browser: userAgent === null ? null : firstMatch(userAgent, browsers),
  system: userAgent === null ? null : firstMatch(userAgent, systems),
});
