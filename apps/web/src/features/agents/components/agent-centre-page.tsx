import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LiveClock } from '../../../components/live-clock';
import { SectionCentre } from '../../../components/section-centre';
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

/** The agent centre is full screen: its own bar instead of the site header. */
export function AgentCentrePage() {
  const { t } = useTranslation();
  const { siteName } = usePermission();
  return (
    <div className="agent-shell" data-testid="agent-home-page">
      <header className="agent-shell__bar">
        <Link to="/agentHome" className="brand-name">
          {siteName}
        </Link>
        <LiveClock />
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
