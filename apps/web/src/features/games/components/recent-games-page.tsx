import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';

export function RecentGamesPage() {
  const { t } = useTranslation();
  return (
    <article className="page">
      <h1 className="page__title">{t('pages.recent.title')}</h1>
      <EmptyState message={t('pages.recent.empty')} />
    </article>
  );
}
