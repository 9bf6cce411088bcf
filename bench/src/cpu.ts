import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { selectRows } from '@wps/server/db/database';

/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's CPU times. */
const clockTicksPerSecond = 100;

/**
 * CPU milliseconds used so far by this process (the server) and by each PostgreSQL backend of the bench's
 * database (read from /proc: PostgreSQL on this machine), or null where that cannot be read. On a machine other
 * work shares, the cost of a bet in CPU time says what its rate cannot: how much of the cores it takes.
 */
export const readCpu = async (db: Parameters<typeof selectRows>[0]) => {
  const backends = new Map<number, number>();
  const pids = await selectRows<{ pid: number }>(
    db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  for (const { pid } of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      backends.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond);
    } catch {
      return null;
    }
  }
  const own = process.cpuUsage();
  return { server: (own.user + own.system) / 1000, backends };
};

export type CpuReading = Awaited<ReturnType<typeof readCpu>>;

/** CPU ms between two readings, server and database; a backend that started in between counts from zero. */
export const cpuBetween = (before: CpuReading, after: CpuReading) => {
  if (!before || !after) return null;
  let database = 0;
  for (const [pid, used] of after.backends) database += used - (before.backends.get(pid) ?? 0);
  return { server: after.server - before.server, database };
};
