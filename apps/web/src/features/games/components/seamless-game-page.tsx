import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';

export function SeamlessGamePage() {
  const { t } = useTranslation();
  return (
    <article className="page page--game">
      <h1 className="page__title">{t('pages.seamless.title')}</h1>
      <EmptyState message={t('common.coming_soon')} />
    </article>
  );
}
