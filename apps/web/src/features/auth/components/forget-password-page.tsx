import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';

export function ForgetPasswordPage() {
  const { t } = useTranslation();
  return (
    <article className="page">
      <h1 className="page__title">{t('pages.forget.title')}</h1>
      <EmptyState message={t('common.coming_soon')} />
    </article>
  );
}
