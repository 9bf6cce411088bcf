import type { VipKeepPeriod } from '@wps/contracts/loyalty-vip';

/** The day `at` falls on in `timeZone` ('YYYY-MM-DD'): a brand's days are cut on its own clock. */
export const dayIn = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

const parts = (day: string): { year: number; month: number } => ({
  year: Number(day.slice(0, 4)),
  month: Number(day.slice(5, 7)),
});

const firstOf = (year: number, month: number): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;

/** The first day of the keep period `day` is in (a month, or a calendar quarter). */
export const periodStartOf = (day: string, period: VipKeepPeriod): string => {
  const { year, month } = parts(day);
  return firstOf(year, period === 'month' ? month : month - ((month - 1) % 3));
};

/** The first day of the period after the one starting on `start`. */
export const nextPeriodStart = (start: string, period: VipKeepPeriod): string => {
  const { year, month } = parts(start);
  const next = month + (period === 'month' ? 1 : 3);
  return next > 12 ? firstOf(year + 1, next - 12) : firstOf(year, next);
};

/** The last day of the period starting on `start`. */
export const periodEndOf = (start: string, period: VipKeepPeriod): string => {
  const next = new Date(`${nextPeriodStart(start, period)}T00:00:00Z`);
  return new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10);
};

/** The period's name in references: '2026-11' for a month, '2026-Q4' for a quarter. */
export const periodKeyOf = (start: string, period: VipKeepPeriod): string => {
  const { year, month } = parts(start);
  return period === 'month' ? start.slice(0, 7) : `${year}-Q${Math.floor((month - 1) / 3) + 1}`;
};
