import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';

export function PromotionsPage() {
  const { t } = useTranslation();
  return (
    <article className="page" data-testid="promotions-page">
      <h1 className="page__title">{t('pages.promotions.title')}</h1>
      <EmptyState message={t('pages.promotions.empty')} />
    </article>
  );
}
