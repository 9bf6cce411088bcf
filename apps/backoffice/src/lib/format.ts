const dateTime = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** An ISO instant in the operator's own time zone; the raw text when it is not a date. */
export const formatDateTime = (iso: string | null): string => {
  if (iso === null) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
};

export const formatMoney = (amount: string, currency: string): string => `${amount} ${currency}`;
