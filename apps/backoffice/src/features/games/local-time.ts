/** An instant as a `datetime-local` field shows it (the operator's own time zone, to the minute); '' for none. */
export const toLocalInput = (iso: string | null): string => {
  if (iso === null) return '';
  const date = new Date(iso);
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}`;
};

/** A `datetime-local` field's value as an instant; an empty or unreadable field is none. */
export const fromLocalInput = (value: string): string | null => {
  if (value.trim() === '') return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};
