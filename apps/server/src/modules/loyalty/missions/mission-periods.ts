import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../db/database';

/** SQL for a mission's period key of a brand-clock day: daily 'YYYY-MM-DD', ISO week 'YYYY-Www', or 'once'. */
export const missionPeriodKeySql = (cadence: ReturnType<typeof sql>, day: ReturnType<typeof sql>) =>
  sql`(case ${cadence} when 'daily' then to_char(${day}, 'YYYY-MM-DD')
    when 'weekly' then to_char(${day}, 'IYYY-"W"IW') else 'once' end)`;

/** A leaderboard (or mission) period of a brand's clock: [startDay, endDay) and the instants it spans. */
export type Period = { key: string; startDay: string; endDay: string; startsAt: Date; endsAt: Date };

export type PeriodKind = 'daily' | 'weekly' | 'monthly';

const toDate = (value: Date | string): Date => new Date(value);

/**
 * The period of `kind` that `at` falls in, on the brand's clock. Keys name the kind ('daily:2026-11-27',
 * 'weekly:2026-W48', 'monthly:2026-11'), so a brand's mission-point scores of all periods share one table.
 */
export const periodAt = async (
  executor: Executor,
  kind: PeriodKind,
  timeZone: string,
  at: Date,
): Promise<Period> => {
  const unit = kind === 'daily' ? 'day' : kind === 'weekly' ? 'week' : 'month';
  const format = kind === 'daily' ? 'YYYY-MM-DD' : kind === 'weekly' ? 'IYYY-"W"IW' : 'YYYY-MM';
  const [row] = await selectRows<{
    key: string;
    start_day: string;
    end_day: string;
    starts_at: Date | string;
    ends_at: Date | string;
  }>(
    executor,
    sql`with p as (
      select date_trunc(${unit}, ${at.toISOString()}::timestamptz at time zone ${timeZone})::date as s
    ), q as (select s, (s + ${`1 ${unit}`}::interval)::date as e from p)
    select ${`${kind}:`} || to_char(s, ${format}) as key, to_char(s, 'YYYY-MM-DD') as start_day,
      to_char(e, 'YYYY-MM-DD') as end_day, (s::timestamp at time zone ${timeZone}) as starts_at,
      (e::timestamp at time zone ${timeZone}) as ends_at
    from q`,
  );
  if (!row) throw new Error('no period');
  return {
    key: row.key,
    startDay: row.start_day,
    endDay: row.end_day,
    startsAt: toDate(row.starts_at),
    endsAt: toDate(row.ends_at),
  };
};

/** The period just before `period` (of the same kind). */
export const periodBefore = (executor: Executor, kind: PeriodKind, timeZone: string, period: Period) =>
  periodAt(executor, kind, timeZone, new Date(period.startsAt.getTime() - 1));

/** A mission's period key for a leaderboard key's day ('daily' missions: the day; 'weekly': the ISO week). */
export const missionPeriodOf = (cadence: string, daily: Period, weekly: Period): string =>
  cadence === 'daily'
    ? daily.key.slice('daily:'.length)
    : cadence === 'weekly'
      ? weekly.key.slice('weekly:'.length)
      : 'once';
