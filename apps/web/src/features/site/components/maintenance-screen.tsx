import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '../../../lib/format-date';
import { usePermission } from '../api/get-permission';
import { LiveSupportButton } from './live-support-button';
import { Icon } from '../../../components/icon';

export function MaintenanceScreen() {
  const { t } = useTranslation();
  const { endTime } = usePermission().maintenance;
  const formattedEnd = formatLocalDateTime(endTime);
  return (
    <main className="status-screen" data-testid="maintenance-screen">
      <section className="status-card" aria-labelledby="maintenance-title">
        <Icon name="gear" size={48} className="status-card__icon" />
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
