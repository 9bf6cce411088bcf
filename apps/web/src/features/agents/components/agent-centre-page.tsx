import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LiveClock } from '../../../components/live-clock';
import { SectionCentre } from '../../../components/section-centre';
import { useSession } from '../../auth/api/use-session';
import { useSignOut } from '../../auth/api/use-sign-out';
import { usePermission } from '../../site/api/get-permission';

// Dividend and salary pages join this list once the agent's contract flags are loaded (agents domain).
const agentSections = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentRealtimeSalary',
] as const;

/**
 * The agent centre is full screen: its own bar instead of the site header. Anyone but a logged-in agent is
 * sent back to the agent login (spec section 2).
 */
export function AgentCentrePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { siteName } = usePermission();
  const { member, isAgent, isResolving } = useSession();
  const signOut = useSignOut('agent');
  const isRefused = !isResolving && !isAgent;

  useEffect(() => {
    if (isRefused) void navigate('/agent', { replace: true });
  }, [isRefused, navigate]);

  if (member === null || !isAgent) return null;
  return (
    <div className="agent-shell" data-testid="agent-home-page">
      <header className="agent-shell__bar">
        <Link to="/agentHome" className="brand-name">
          {siteName}
        </Link>
        <LiveClock />
        <span className="agent-shell__nickname" data-testid="agent-nickname" dir="auto">
          {member.nickname || member.account}
        </span>
        <button
          type="button"
          className="button button--ghost"
          data-testid="logout-button"
          onClick={() => void signOut()}
        >
          {t('auth.logout')}
        </button>
      </header>
      <main id="main" className="page">
        <h1 className="page__title">{t('pages.agent_home.title')}</h1>
        <SectionCentre
          sections={agentSections}
          menuLabel={t('pages.agent_home.menu')}
          labelOf={(section) => t(`pages.agent_home.sections.${section}`)}
        />
      </main>
    </div>
  );
}
