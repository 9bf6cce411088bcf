import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatGmtOffset } from '../lib/format-date';
import './live-clock.css';

const clockFormat: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

// One formatter per language: building one is slow (the first also loads the locale data), and the clock
// formats every second.
const clockFormatters = new Map<string, Intl.DateTimeFormat>();
const clockFormatterOf = (language: string): Intl.DateTimeFormat => {
  let formatter = clockFormatters.get(language);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(language, clockFormat);
    clockFormatters.set(language, formatter);
  }
  return formatter;
};

const useNow = (): Date => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => {
      setNow(new Date());
    }, 1000);
    return () => {
      window.clearInterval(timer);
    };
  }, []);
  return now;
};

export function LiveClock() {
  const { t, i18n } = useTranslation();
  const now = useNow();
  return (
    <time
      className="live-clock"
      dateTime={now.toISOString()}
      aria-label={t('header.clock')}
      data-testid="header-clock"
    >
      <span>{clockFormatterOf(i18n.language).format(now)}</span>{' '}
      <span className="live-clock__offset">({formatGmtOffset(now)})</span>
    </time>
  );
}
