import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { backgroundApplicationName, selectRows } from '@wps/server/db/database';

/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's CPU times. */
const clockTicksPerSecond = 100;

/**
 * CPU milliseconds used so far by this process (the server) and by each PostgreSQL backend of the bench's
 * database (read from /proc: PostgreSQL on this machine), or null where that cannot be read. On a machine other
 * work shares, the cost of a bet in CPU time says what its rate cannot: how much of the cores it takes.
 */
export const readCpu = async (db: Parameters<typeof selectRows>[0]) => {
  const backends = new Map<number, number>();
  const background = new Set<number>();
  const pids = await selectRows<{ pid: number; name: string }>(
    db,
    sql`select pid, application_name as name from pg_stat_activity where datname = current_database()`,
  );
  for (const { pid, name } of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      backends.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond);
      if (name === backgroundApplicationName) background.add(pid);
    } catch {
      return null;
    }
  }
  const own = process.cpuUsage();
  return { server: (own.user + own.system) / 1000, backends, background };
};

export type CpuReading = Awaited<ReturnType<typeof readCpu>>;

/**
 * CPU ms between two readings, server and database (`background`: the part of the database's on the server's
 * background pool, the folds' connections); a backend that started in between counts from zero.
 */
export const cpuBetween = (before: CpuReading, after: CpuReading) => {
  if (!before || !after) return null;
  let database = 0;
  let background = 0;
  for (const [pid, used] of after.backends) {
    const spent = used - (before.backends.get(pid) ?? 0);
    database += spent;
    if (after.background.has(pid)) background += spent;
  }
  return { server: after.server - before.server, database, background };
};
