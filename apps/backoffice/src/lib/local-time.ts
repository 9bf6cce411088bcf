const pad = (part: number) => String(part).padStart(2, '0');

/**
 * An instant as a `datetime-local` field shows it (the operator's own time zone, to the minute); '' for none or
 * for what is not a time.
 */
export const toLocalInput = (iso: string | null): string => {
  if (iso === null || iso === '') return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}`;
};

/**
 * A `datetime-local` field's value (the operator's clock) as an instant; an empty field is none, and text that is
 * not a time is passed on as it is, for the contract's schema to refuse with its message.
 */
export const fromLocalInput = (value: string): string | null => {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
};
