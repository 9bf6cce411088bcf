/** The browser's IANA time zone: the member's days start and end there (sent with every date range). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const pad = (value: number): string => String(value).padStart(2, '0');

/** yyyy-MM-dd of a day in the browser's time zone. */
export const localIsoDate = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The last `days` days, today included. */
export const recentDays = (days: number, today = new Date()): { from: string; to: string } => {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: localIsoDate(start), to: localIsoDate(today) };
};

/** Dates compare as text in yyyy-MM-dd; an open end never conflicts. */
export const isRangeReversed = (from: string, to: string): boolean => from !== '' && to !== '' && from > to;
