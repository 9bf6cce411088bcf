import { describe, expect, it, vi } from 'vitest';
import {
  classifySpeed,
  pingUrlOf,
  randomUnit,
  runSpeedTest,
  simulateDisplayedTime,
  sortBySpeed,
} from './speed-test';

const lowest = () => 0;
const highest = () => 0.999_999;

describe('speed test', () => {
  it('simulates the displayed time from the elapsed time as spec section 4 says', () => {
    const range = (elapsed: number | null) => [
      simulateDisplayedTime(elapsed, lowest),
      simulateDisplayedTime(elapsed, highest),
    ];
    expect(range(5000)).toEqual([100, 150]);
    expect(range(400)).toEqual([100, 150]);
    expect(range(399)).toEqual([60, 100]);
    expect(range(200)).toEqual([60, 100]);
    expect(range(199)).toEqual([40, 60]);
    expect(range(100)).toEqual([40, 60]);
    expect(range(99)).toEqual([20, 40]);
    expect(range(0)).toEqual([20, 40]);
    expect(range(null)).toEqual([9999, 9999]);
  });

  it('classes 80 ms or less fast, up to 150 ms normal, anything slower or unreachable slow', () => {
    expect([20, 80, 81, 150, 151, 9999].map(classifySpeed)).toEqual([
      'fast',
      'fast',
      'normal',
      'normal',
      'slow',
      'slow',
    ]);
  });

  it('draws its random numbers from crypto.getRandomValues', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    const value = randomUnit();
    expect(spy).toHaveBeenCalledTimes(1);
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThan(1);
    spy.mockRestore();
  });

  it('pings each domain at the origin the server gives it, port included, with a random query', () => {
    expect(pingUrlOf('http://localhost:3000', () => 0.25)).toBe(
      'http://localhost:3000/common/v.1.0.1/ping.json?25',
    );
    expect(pingUrlOf('https://mirror.example', () => 0.5)).toBe(
      'https://mirror.example/common/v.1.0.1/ping.json?5',
    );
  });

  it('sorts fastest first with unreachable domains last', () => {
    const sorted = sortBySpeed([
      { name: 'c', displayedMs: 9999, elapsedMs: null },
      { name: 'a', displayedMs: 30, elapsedMs: 50 },
      { name: 'b', displayedMs: 30, elapsedMs: 20 },
      { name: 'd', displayedMs: 120, elapsedMs: 900 },
    ]);
    expect(sorted.map((result) => result.name)).toEqual(['b', 'a', 'd', 'c']);
  });

  it('pings at most 5 domains and answers them sorted, unreachable ones as 9999 and slow', async () => {
    const elapsed: Record<string, number | null> = {
      'a.example': 450,
      'b.example': 20,
      'c.example': null,
      'd.example': 250,
      'e.example': 150,
      'f.example': 1,
    };
    const ping = vi.fn((url: string) => Promise.resolve(elapsed[new URL(url).hostname] ?? null));
    const domains = Object.keys(elapsed).map((domainName) => ({
      domainName,
      origin: `http://${domainName}:3000`,
    }));
    const results = await runSpeedTest(domains, ping);
    expect(ping).toHaveBeenCalledTimes(5);
    expect(results.map((result) => result.domainName)).toEqual([
      'b.example',
      'e.example',
      'd.example',
      'a.example',
      'c.example',
    ]);
    expect(results.at(-1)).toMatchObject({ displayedMs: 9999, speed: 'slow', url: 'http://c.example:3000' });
    expect(results[0]?.speed).toBe('fast');
  });
});
