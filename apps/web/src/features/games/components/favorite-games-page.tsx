import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';

export function FavoriteGamesPage() {
  const { t } = useTranslation();
  return (
    <article className="page">
      <h1 className="page__title">{t('pages.favorite.title')}</h1>
      <EmptyState message={t('pages.favorite.empty')} />
    </article>
  );
}
