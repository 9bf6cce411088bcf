import { useTranslation } from 'react-i18next';
import { usePermission } from '../api/get-permission';
import { LiveSupportButton } from './live-support-button';
import { Icon } from '../../../components/icon';

export function BlockedRegionScreen() {
  const { t } = useTranslation();
  const { ip } = usePermission().location;
  return (
    <main className="status-screen" data-testid="blocked-screen">
      <section className="status-card" aria-labelledby="blocked-title">
        <Icon name="blocked" size={48} className="status-card__icon" />
        <h1 id="blocked-title">{t('blockip')}</h1>
        <p className="status-card__detail">
          {t('your_ip')}: <strong data-testid="blocked-ip">{ip}</strong>
        </p>
        <p>{t('info_ip_block')}</p>
        <LiveSupportButton />
      </section>
    </main>
  );
}
