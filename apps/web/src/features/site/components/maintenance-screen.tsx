import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '../../../lib/format-date';
import { usePermission } from '../api/get-permission';
import { LiveSupportButton } from './live-support-button';

export function MaintenanceScreen() {
  const { t } = useTranslation();
  const { endTime } = usePermission().maintenance;
  const formattedEnd = formatLocalDateTime(endTime);
  return (
    <main className="status-screen" data-testid="maintenance-screen">
      <section className="status-card" aria-labelledby="maintenance-title">
        <span className="status-card__icon" aria-hidden="true">
          ⚙
        </span>
        <h1 id="maintenance-title">{t('game_maintenance')}</h1>
        {formattedEnd !== null && endTime !== null && (
          <p className="status-card__detail">
            {t('end_time')}:{' '}
            <time dateTime={endTime} data-testid="maintenance-end">
              {formattedEnd}
            </time>
          </p>
        )}
        <p>{t('info_maintenance')}</p>
        <LiveSupportButton />
      </section>
    </main>
  );
}
