import { describe, expect, it, vi } from 'vitest';
import { createBatchedLookup } from './batched-lookup';

/** A load that records the keys of each call and answers when released. */
const recordingLoad = () => {
  const calls: string[][] = [];
  const releases: Array<() => void> = [];
  const load = (keys: readonly string[]) =>
    new Promise<ReadonlyMap<string, string>>((resolve) => {
      calls.push([...keys]);
      releases.push(() => {
        resolve(new Map(keys.filter((key) => key !== 'missing').map((key) => [key, `${key}!`])));
      });
    });
  return { calls, releases, load };
};

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batched look-ups', () => {
  it('reads a lone key at once and the keys arriving meanwhile together in the next read', async () => {
    const { calls, releases, load } = recordingLoad();
    const lookUp = createBatchedLookup(load, { maxInFlight: 1 });

    const first = lookUp('a');
    await turn();
    expect(calls).toEqual([['a']]);
    const waiting = [lookUp('b'), lookUp('c'), lookUp('b'), lookUp('missing')];
    await turn();
    expect(calls).toHaveLength(1);

    releases[0]?.();
    expect(await first).toBe('a!');
    await vi.waitFor(() => {
      expect(calls).toEqual([['a'], ['b', 'c', 'missing']]);
    });
    releases[1]?.();
    expect(await Promise.all(waiting)).toEqual(['b!', 'c!', 'b!', undefined]);
  });

  it('rejects every read of a load that fails, and reads again afterwards', async () => {
    let fails = true;
    const lookUp = createBatchedLookup(async (keys: readonly string[]) => {
      if (fails) throw new Error('database gone');
      return new Map(keys.map((key) => [key, key.length]));
    });

    const failed = await Promise.allSettled([lookUp('x'), lookUp('yy')]);
    expect(failed.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    fails = false;
    expect(await lookUp('yy')).toBe(2);
  });
});
