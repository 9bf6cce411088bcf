import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../site/api/get-permission';
import { useSession } from '../api/use-session';
import { LoginForm } from './login-form';
import './agent-login-page.css';

/**
 * The /agent route: a full-screen login for agents only (loginArea 'agent'; the server refuses other
 * members), with no social sign-in, free play or registration (spec sections 2 and 6).
 */
export function AgentLoginPage() {
  const { t } = useTranslation();
  const { siteName } = usePermission();
  const { isAgent } = useSession();
  return (
    <main className="full-screen" id="main" data-testid="agent-login-page">
      <section className="status-card agent-login" aria-labelledby="agent-title">
        <p className="brand-name">{siteName}</p>
        <h1 id="agent-title">{t('pages.agent.title')}</h1>
        <p>{t('pages.agent.intro')}</p>
        {isAgent ? (
          <Link to="/agentHome" className="button button--primary" data-testid="agent-centre-link">
            {t('pages.agent.open_centre')}
          </Link>
        ) : (
          <LoginForm area="agent" />
        )}
        <p className="muted" data-testid="agent-support-hours">
          {t('pages.agent.support_hours')}
        </p>
        <Link to="/" className="text-link">
          {t('pages.agent.back_home')}
        </Link>
      </section>
    </main>
  );
}
