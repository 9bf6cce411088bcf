import i18next from 'i18next';

/** An ISO instant in the site's language and the visitor's time zone, or null when absent or unreadable. */
export const formatLocalDateTime = (iso: string | null): string | null => {
  if (iso === null) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(i18next.language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
};

/** A day (an instant's date) in the site's language: announcements' and notices' start dates. */
export const formatLocalDate = (date: Date | number): string =>
  new Intl.DateTimeFormat(i18next.language, { dateStyle: 'medium' }).format(date);

/** "GMT+5", "GMT+5:30", "GMT-3" for the visitor's offset at that instant. */
export const formatGmtOffset = (date: Date): string => {
  const offsetMinutes = -date.getTimezoneOffset();
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(offsetMinutes) / 60);
  const minutes = Math.abs(offsetMinutes) % 60;
  return `GMT${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
};
