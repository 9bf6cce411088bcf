import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';

export function PointsMallPage() {
  const { t } = useTranslation();
  return (
    <article className="page">
      <h1 className="page__title">{t('pages.point_mall.title')}</h1>
      <EmptyState message={t('pages.point_mall.empty')} />
    </article>
  );
}
