import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { usePermission } from '../../site/api/get-permission';

/** Full-screen agent login landing; non-agents are sent back here from the agent centre. */
export function AgentLandingPage() {
  const { t } = useTranslation();
  const { siteName } = usePermission();
  return (
    <main className="full-screen" id="main" data-testid="agent-page">
      <section className="status-card" aria-labelledby="agent-title">
        <p className="brand-name">{siteName}</p>
        <h1 id="agent-title">{t('pages.agent.title')}</h1>
        <p>{t('pages.agent.intro')}</p>
        <EmptyState message={t('common.coming_soon')} />
        <p className="muted">{t('pages.agent.support_hours')}</p>
        <Link to="/" className="text-link">
          {t('pages.agent.back_home')}
        </Link>
      </section>
    </main>
  );
}
