import { useTranslation } from 'react-i18next';
import type { SitePromotion } from '../api/get-promotions';
import { PromotionAction } from './promotion-action';

const minuteMs = 60_000;

/** Whole days, hours and minutes from `now` until `iso` (0 once it has passed). */
export const timeUntil = (iso: string, now: number): { days: number; hours: number; minutes: number } => {
  const minutes = Math.floor(Math.max(0, Date.parse(iso) - now) / minuteMs);
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
  };
};

/** "Starts in 2d 3h" before the start, "Ends in 5h 10m" while it runs, nothing when it never ends. */
export function PromotionCountdown({ promotion, now }: { promotion: SitePromotion; now: number }) {
  const { t } = useTranslation();
  const target = promotion.phase === 'coming_soon' ? promotion.startsAt : promotion.endsAt;
  if (target === null) return null;
  const { days, hours, minutes } = timeUntil(target, now);
  const time =
    days > 0
      ? t('promotions_page.time_days', { days, hours })
      : hours > 0
        ? t('promotions_page.time_hours', { hours, minutes })
        : t('promotions_page.time_minutes', { minutes });
  return (
    <time
      className="promotion-card__countdown"
      dateTime={target}
      data-testid={`promotion-countdown-${promotion.id}`}
    >
      {promotion.phase === 'coming_soon'
        ? t('promotions_page.starts_in', { time })
        : t('promotions_page.ends_in', { time })}
    </time>
  );
}

export function PromotionCard({
  promotion,
  now,
  onDetails,
}: {
  promotion: SitePromotion;
  now: number;
  onDetails: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="promotion-card" data-testid={`promotion-${promotion.id}`}>
      <div className="promotion-card__image">
        {promotion.imageUrl === null ? (
          <span className="promotion-card__placeholder" aria-hidden="true" />
        ) : (
          <img src={promotion.imageUrl} alt="" loading="lazy" decoding="async" />
        )}
        <span className={`promotion-card__phase promotion-card__phase--${promotion.phase}`}>
          {t(`promotions_page.phases.${promotion.phase}`)}
        </span>
      </div>
      <div className="promotion-card__body">
        <h2 className="promotion-card__title">{promotion.title}</h2>
        {promotion.summary !== '' && <p className="promotion-card__summary">{promotion.summary}</p>}
        <PromotionCountdown promotion={promotion} now={now} />
        <div className="promotion-card__actions">
          <button
            type="button"
            className="button button--ghost"
            data-testid={`promotion-details-${promotion.id}`}
            onClick={onDetails}
          >
            {t('promotions_page.details')}
          </button>
          <PromotionAction promotion={promotion} />
        </div>
      </div>
    </li>
  );
}
