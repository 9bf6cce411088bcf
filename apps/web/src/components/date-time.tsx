import { useTranslation } from 'react-i18next';

/** A moment in the member's language (date and time, medium); an unreadable value is shown as it came. */
export function DateTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  return (
    <time dateTime={iso}>
      {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(date)}
    </time>
  );
}
