import { describe, expect, it } from 'vitest';
import { createJobScheduler } from './scheduler';

const silentLog = { error: () => undefined };

describe('job scheduler', () => {
  it('does not start a run while the previous one is under way, and runNow waits for it', async () => {
    const scheduler = createJobScheduler(silentLog);
    let running = 0;
    let most = 0;
    let runs = 0;
    scheduler.every('draws', 1, async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
      runs += 1;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await scheduler.runNow('draws');
    await scheduler.stop();
    expect(most).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(2);
  });

  it('logs a failed run and keeps the job scheduled', async () => {
    const failures: object[] = [];
    const scheduler = createJobScheduler({
      error: (details) => {
        failures.push(details);
      },
    });
    let calls = 0;
    scheduler.every('settlement', 60_000, async () => {
      calls += 1;
      if (calls === 1) throw new Error('database away');
    });
    await scheduler.runNow('settlement');
    await scheduler.runNow('settlement');
    await scheduler.stop();
    expect(calls).toBe(2);
    expect(failures).toEqual([expect.objectContaining({ job: 'settlement' })]);
  });

  it('runs a job registered with interval 0 only when asked', async () => {
    const scheduler = createJobScheduler(silentLog);
    let runs = 0;
    scheduler.every('draws', 0, async () => {
      runs += 1;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(0);
    await scheduler.runNow('draws');
    await scheduler.stop();
    expect(runs).toBe(1);
  });

  it('refuses an unknown job and a job scheduled twice', async () => {
    const scheduler = createJobScheduler(silentLog);
    scheduler.every('crash', 1000, async () => undefined);
    expect(() => {
      scheduler.every('crash', 1000, async () => undefined);
    }).toThrow(/already/);
    await expect(scheduler.runNow('missing')).rejects.toThrow(/no job/);
    await scheduler.stop();
  });
});
