import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';

export function AnnouncementsPage() {
  const { t } = useTranslation();
  return (
    <article className="page">
      <h1 className="page__title">{t('pages.announce.title')}</h1>
      <EmptyState message={t('pages.announce.empty')} />
    </article>
  );
}
