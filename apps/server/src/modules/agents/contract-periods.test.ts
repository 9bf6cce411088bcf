import { describe, expect, it } from 'vitest';
import { dayContaining, localDate, periodAfter, periodContaining } from './contract-periods';

const at = (iso: string) => new Date(iso);
const iso = (period: { start: Date; end: Date }) => [period.start.toISOString(), period.end.toISOString()];
const fiveMinutes = 300_000;

describe('contract periods', () => {
  it('cuts days at the brand midnight, not UTC midnight', () => {
    // 23:30 UTC on 1 June is 00:30 on 2 June in London (BST, UTC+1).
    expect(iso(periodContaining('DAILY', at('2025-06-01T23:30:00Z'), 'Europe/London', fiveMinutes))).toEqual([
      '2025-06-01T23:00:00.000Z',
      '2025-06-02T23:00:00.000Z',
    ]);
    // One millisecond before the brand's midnight still belongs to the day before: [start, end).
    expect(
      iso(periodContaining('DAILY', at('2025-06-01T22:59:59.999Z'), 'Europe/London', fiveMinutes)),
    ).toEqual(['2025-05-31T23:00:00.000Z', '2025-06-01T23:00:00.000Z']);
    expect(localDate(at('2025-06-01T23:30:00Z'), 'Europe/London')).toBe('2025-06-02');
  });

  it('has a 23-hour day and a 25-hour day around the daylight-saving changes (Europe/London)', () => {
    const spring = periodContaining('DAILY', at('2025-03-30T12:00:00Z'), 'Europe/London', fiveMinutes);
    expect(iso(spring)).toEqual(['2025-03-30T00:00:00.000Z', '2025-03-30T23:00:00.000Z']);
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const autumn = periodContaining('DAILY', at('2025-10-26T12:00:00Z'), 'Europe/London', fiveMinutes);
    expect(iso(autumn)).toEqual(['2025-10-25T23:00:00.000Z', '2025-10-27T00:00:00.000Z']);
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3_600_000);
  });

  it('keeps the repeated autumn hour as two hours and skips the missing spring hour', () => {
    // 01:00–02:00 happens twice in London on 26 October 2025: first in BST (00:00Z), then in GMT (01:00Z).
    const first = periodContaining('HOURLY', at('2025-10-26T00:30:00Z'), 'Europe/London', fiveMinutes);
    const second = periodAfter('HOURLY', first, 'Europe/London', fiveMinutes);
    expect(iso(first)).toEqual(['2025-10-26T00:00:00.000Z', '2025-10-26T01:00:00.000Z']);
    expect(iso(second)).toEqual(['2025-10-26T01:00:00.000Z', '2025-10-26T02:00:00.000Z']);
    // 00:59 GMT is followed by 02:00 BST on 30 March: the hour after 00:00–01:00Z is 01:00–02:00Z (02:00 local).
    const beforeGap = periodContaining('HOURLY', at('2025-03-30T00:30:00Z'), 'Europe/London', fiveMinutes);
    expect(iso(periodAfter('HOURLY', beforeGap, 'Europe/London', fiveMinutes))).toEqual([
      '2025-03-30T01:00:00.000Z',
      '2025-03-30T02:00:00.000Z',
    ]);
  });

  it('handles a day that starts at 01:00 because midnight did not exist (America/Sao_Paulo, 2018)', () => {
    // Brazil moved clocks from 00:00 to 01:00 on 4 November 2018: that day began at 01:00 local (03:00Z).
    const day = dayContaining(at('2018-11-04T12:00:00Z'), 'America/Sao_Paulo');
    expect(iso(day)).toEqual(['2018-11-04T03:00:00.000Z', '2018-11-05T02:00:00.000Z']);
    expect(day.end.getTime() - day.start.getTime()).toBe(23 * 3_600_000);
  });

  it('starts weeks on Monday, half months on the 1st and 16th, months on the 1st', () => {
    const zone = 'Asia/Karachi'; // UTC+5, no daylight saving
    expect(iso(periodContaining('WEEKLY', at('2025-06-08T12:00:00Z'), zone, fiveMinutes))).toEqual([
      '2025-06-01T19:00:00.000Z', // Monday 2 June 00:00 local
      '2025-06-08T19:00:00.000Z',
    ]);
    const firstHalf = periodContaining('SEMIMONTHLY', at('2025-02-15T18:59:59Z'), zone, fiveMinutes);
    expect(iso(firstHalf)).toEqual(['2025-01-31T19:00:00.000Z', '2025-02-15T19:00:00.000Z']);
    const secondHalf = periodAfter('SEMIMONTHLY', firstHalf, zone, fiveMinutes);
    expect(iso(secondHalf)).toEqual(['2025-02-15T19:00:00.000Z', '2025-02-28T19:00:00.000Z']);
    expect(iso(periodAfter('SEMIMONTHLY', secondHalf, zone, fiveMinutes))[0]).toBe(
      '2025-02-28T19:00:00.000Z',
    );
    expect(iso(periodContaining('MONTHLY', at('2024-02-29T20:00:00Z'), zone, fiveMinutes))).toEqual([
      '2024-02-29T19:00:00.000Z',
      '2024-03-31T19:00:00.000Z',
    ]);
  });

  it('cuts real-time slots of the configured length', () => {
    expect(iso(periodContaining('REALTIME', at('2025-06-01T10:07:30Z'), 'UTC', fiveMinutes))).toEqual([
      '2025-06-01T10:05:00.000Z',
      '2025-06-01T10:10:00.000Z',
    ]);
    expect(iso(periodContaining('REALTIME', at('2025-06-01T10:07:30Z'), 'UTC', 1000))).toEqual([
      '2025-06-01T10:07:30.000Z',
      '2025-06-01T10:07:31.000Z',
    ]);
  });
});
