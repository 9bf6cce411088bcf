import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';

export function HelpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <article className="page">
      <button type="button" className="button button--ghost" onClick={() => void navigate('/index')}>
        <Icon name="arrow-back" size={18} className="flip-rtl" />
        {t('pages.help.back')}
      </button>
      <h1 className="page__title">{t('pages.help.title')}</h1>
      <EmptyState message={t('common.coming_soon')} />
      <section id="term" className="page__section" aria-labelledby="help-terms">
        <h2 id="help-terms">{t('pages.help.terms')}</h2>
        <EmptyState message={t('common.coming_soon')} />
      </section>
    </article>
  );
}
