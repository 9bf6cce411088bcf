import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

const tickMs = 1000;

const secondsUntil = (targetMs: number, offsetMs: number): number =>
  Math.max(0, Math.ceil((targetMs - (Date.now() + offsetMs)) / 1000));

/**
 * The seconds left until `target`, by the server's clock: `serverTime` is what the server's clock read when
 * it answered, `receivedAt` the browser's clock then, so a wrong clock on the phone does not move the
 * cut-off. Ticks every second down to 0 and stays there; null before the first tick.
 */
export const useSecondsUntil = (
  target: string | null,
  serverTime: string | null,
  receivedAt: number,
): number | null => {
  // Kept with the target it counts to, so a new target never shows the old one's count (nor its zero).
  const [count, setCount] = useState<{ target: string; seconds: number } | null>(null);
  useEffect(() => {
    const targetMs = target === null ? Number.NaN : Date.parse(target);
    if (Number.isNaN(targetMs)) return;
    const serverMs = serverTime === null ? Number.NaN : Date.parse(serverTime);
    const offsetMs = Number.isNaN(serverMs) ? 0 : serverMs - receivedAt;
    const tick = () => {
      setCount({ target: target ?? '', seconds: secondsUntil(targetMs, offsetMs) });
    };
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, tickMs);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [target, serverTime, receivedAt]);
  return count !== null && count.target === target ? count.seconds : null;
};

/** 75 → "01:15", 3,725 → "1:02:05". */
export const formatCountdown = (seconds: number): string => {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return hours > 0
    ? `${String(hours)}:${twoDigits(minutes)}:${twoDigits(rest)}`
    : `${twoDigits(minutes)}:${twoDigits(rest)}`;
};

type LotteryCountdownProps = {
  /** The bet cut-off (ISO). */
  closesAt: string | null;
  serverTime: string | null;
  /** The browser's clock when `serverTime` arrived (the query's dataUpdatedAt). */
  receivedAt: number;
  /** Runs once when the cut-off passes, to fetch the draw's next state. */
  onClosed?: () => void;
  testId?: string;
};

/**
 * Time left to bet. The ticking text is a `timer` (not announced every second); the live region beside it
 * says once that betting closed, which is what a screen-reader user needs to hear.
 */
export function LotteryCountdown({
  closesAt,
  serverTime,
  receivedAt,
  onClosed,
  testId = 'lottery-countdown',
}: LotteryCountdownProps) {
  const { t } = useTranslation();
  const seconds = useSecondsUntil(closesAt, serverTime, receivedAt);
  const isClosed = seconds === 0;
  const announceClosed = useEffectEvent(() => {
    onClosed?.();
  });
  useEffect(() => {
    if (isClosed) announceClosed();
  }, [isClosed, closesAt]);
  if (seconds === null) return null;
  return (
    <div className="lottery-countdown" data-testid={testId}>
      <span className="lottery-countdown__label">{t('lottery.countdown.label')}</span>
      <span role="timer" className="lottery-countdown__time" dir="ltr" data-testid={`${testId}-time`}>
        {formatCountdown(seconds)}
      </span>
      <span className="visually-hidden" role="status">
        {isClosed ? t('lottery.countdown.closed') : ''}
      </span>
    </div>
  );
}
