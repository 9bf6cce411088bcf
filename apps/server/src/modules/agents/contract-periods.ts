import type { ContractPeriod } from '@wps/contracts/agent-contract-rules';
import { DateTime } from 'luxon';

/**
 * Settlement periods as half-open intervals [start, end) of the brand's clock (an IANA zone), computed with
 * Luxon so that days of 23 or 25 hours (daylight-saving changes) and zones with half-hour offsets are right:
 * a day is local midnight to the next local midnight, a week starts on Monday, a half month is the 1st–15th and
 * the 16th–end. Hours are the brand's clock hours (the roll-ups' `hour_start`); REALTIME slots are
 * `realtimeSlotMs` long, aligned to the Unix epoch (5 minutes divides every zone's offset).
 */
export type Period = { start: Date; end: Date };

const local = (instant: Date, timeZone: string): DateTime => {
  const value = DateTime.fromJSDate(instant, { zone: timeZone });
  if (!value.isValid) throw new Error(`Unknown time zone ${timeZone}`);
  return value;
};

const startOfLocal = (instant: Date, period: Exclude<ContractPeriod, 'REALTIME'>, timeZone: string) => {
  const value = local(instant, timeZone);
  switch (period) {
    case 'HOURLY':
      return value.startOf('hour');
    case 'DAILY':
      return value.startOf('day');
    case 'WEEKLY':
      return value.startOf('week');
    case 'SEMIMONTHLY':
      return value.day >= 16 ? value.set({ day: 16 }).startOf('day') : value.startOf('month');
    case 'MONTHLY':
      return value.startOf('month');
  }
};

const endOfLocal = (start: DateTime, period: Exclude<ContractPeriod, 'REALTIME'>): DateTime => {
  switch (period) {
    case 'HOURLY':
      // Hours are durations in Luxon: the repeated hour of an autumn change is two different hours.
      return start.plus({ hours: 1 });
    case 'DAILY':
      return start.plus({ days: 1 }).startOf('day');
    case 'WEEKLY':
      return start.plus({ weeks: 1 }).startOf('day');
    case 'SEMIMONTHLY':
      return start.day === 1
        ? start.set({ day: 16 }).startOf('day')
        : start.plus({ months: 1 }).startOf('month');
    case 'MONTHLY':
      return start.plus({ months: 1 }).startOf('month');
  }
};

/** The period of kind `period` that contains `instant`. */
export const periodContaining = (
  period: ContractPeriod,
  instant: Date,
  timeZone: string,
  realtimeSlotMs: number,
): Period => {
  if (period === 'REALTIME') {
    const start = Math.floor(instant.getTime() / realtimeSlotMs) * realtimeSlotMs;
    return { start: new Date(start), end: new Date(start + realtimeSlotMs) };
  }
  const start = startOfLocal(instant, period, timeZone);
  return { start: start.toJSDate(), end: endOfLocal(start, period).toJSDate() };
};

/** The period that starts where `previous` ends. */
export const periodAfter = (
  period: ContractPeriod,
  previous: Period,
  timeZone: string,
  realtimeSlotMs: number,
): Period => periodContaining(period, previous.end, timeZone, realtimeSlotMs);

/** The brand's business day containing `instant`. */
export const dayContaining = (instant: Date, timeZone: string): Period =>
  periodContaining('DAILY', instant, timeZone, 1);

/** The brand's calendar date (yyyy-MM-dd) of an instant: the key of the daily roll-up. */
export const localDate = (instant: Date, timeZone: string): string => {
  const value = local(instant, timeZone).toISODate();
  if (value === null) throw new Error('Invalid date');
  return value;
};

/** Whether the period is made of whole brand days (its figures can come from the daily roll-up). */
export const isWholeDays = (period: ContractPeriod): boolean =>
  period === 'DAILY' || period === 'WEEKLY' || period === 'SEMIMONTHLY' || period === 'MONTHLY';
