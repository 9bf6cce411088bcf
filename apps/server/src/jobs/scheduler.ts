/**
 * Periodic work inside one platform process: lottery draws, crash rounds, contract settlement. The
 * scheduler only decides when to try; exactly-once across instances, retries and crashes comes from each
 * job's own database keys (a unique key per draw or period, conditional updates), never from this timer.
 * A run that is still going when the next tick comes is not started twice in the same process.
 */
export type JobLogger = { error: (details: object, message: string) => void };

export type JobScheduler = {
  /**
   * Runs `run` every `intervalMs` until the scheduler stops; the first run comes after one interval. An
   * interval of 0 registers the job without a timer: it runs only through `runNow` (tests, the command line).
   */
  every: (name: string, intervalMs: number, run: () => Promise<void>) => void;
  /** Runs a job now (tests and the command line), waiting for a run already under way to finish first. */
  runNow: (name: string) => Promise<void>;
  /** Stops the timers and waits for runs under way, so that closing the app leaves no write half-done. */
  stop: () => Promise<void>;
};

export const createJobScheduler = (log: JobLogger): JobScheduler => {
  const jobs = new Map<string, { run: () => Promise<void>; current: Promise<void> | null }>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  const start = (name: string): Promise<void> => {
    const job = jobs.get(name);
    if (!job) return Promise.reject(new Error(`no job named ${name}`));
    if (job.current) return job.current.then(() => start(name));
    const current = job
      .run()
      .catch((error: unknown) => {
        log.error({ err: error, job: name }, 'scheduled job failed');
      })
      .finally(() => {
        job.current = null;
      });
    job.current = current;
    return current;
  };

  return {
    every: (name, intervalMs, run) => {
      if (jobs.has(name)) throw new Error(`job ${name} is already scheduled`);
      jobs.set(name, { run, current: null });
      if (intervalMs <= 0) return;
      const timer = setInterval(() => {
        const job = jobs.get(name);
        if (!stopped && job && !job.current) void start(name);
      }, intervalMs);
      timer.unref();
      timers.push(timer);
    },
    runNow: (name) => start(name),
    stop: async () => {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all([...jobs.values()].flatMap((job) => (job.current ? [job.current] : [])));
    },
  };
};
