import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CountBadge } from '../../../components/count-badge';
import { LiveClock } from '../../../components/live-clock';
import { LoadingStatus } from '../../../components/loading-status';
import { lazyComponent } from '../../../lib/lazy-component';
import { openExternalLink } from '../../../lib/open-external-link';
import { useSession } from '../../auth/api/use-session';
import { useSignOut } from '../../auth/api/use-sign-out';
import { useUnreadMessageCount } from '../../messages/api/get-unread-messages';
import { usePermission } from '../../site/api/get-permission';
import {
  type AgentCentrePage as AgentCentrePageName,
  type AgentPage,
  type AgentShellPage,
  agentPagePath,
  isAgentCentrePage,
} from '../agent-pages';
import { useVisibleAgentPages } from '../api/use-visible-agent-pages';
import './agent-centre.css';
import '../../../components/section-centre.css';

/** What other features show inside the shell (deposit, withdraw, messages, announcements); the app composes it. */
export type AgentShellRenderer = (page: AgentShellPage | 'agentAnnouncement') => ReactNode;

// Each page's code loads when the agent opens it, so the centre's first paint stays small.
const TeamOverviewPage = lazyComponent(
  'agent-team-overview',
  () => import('./team-overview-page').then((module) => module.TeamOverviewPage),
  <LoadingStatus />,
);
const RegisterCentrePage = lazyComponent(
  'agent-register-centre',
  () => import('./register-centre-page').then((module) => module.RegisterCentrePage),
  <LoadingStatus />,
);
const DownlineManagementPage = lazyComponent(
  'agent-downlines',
  () => import('./downline-management-page').then((module) => module.DownlineManagementPage),
  <LoadingStatus />,
);
const AgentReportPage = lazyComponent(
  'agent-report',
  () => import('./agent-report-page').then((module) => module.AgentReportPage),
  <LoadingStatus />,
);
const ContractPage = lazyComponent(
  'agent-contracts',
  () => import('./contract-page').then((module) => module.ContractPage),
  <LoadingStatus />,
);

const renderAgentPage = (page: AgentPage, renderShellPage: AgentShellRenderer | undefined): ReactNode => {
  switch (page) {
    case 'agentAnnouncement':
      return renderShellPage?.(page) ?? null;
    case 'agentTeamOverview':
      return <TeamOverviewPage />;
    case 'registerCenter':
      return <RegisterCentrePage />;
    case 'downlineManagmentView':
      return <DownlineManagementPage />;
    case 'personalHistoryCopy':
    case 'palStatementsAgentCopy':
    case 'agentRevenueReport':
    case 'agentDownlineTransactionDetailsCopy':
      return <AgentReportPage key={page} page={page} />;
    case 'agentDividendRecordCopy2':
    case 'agentDailyWages2':
    case 'agentHourSalary':
    case 'agentRealtimeSalary':
      return <ContractPage key={page} page={page} />;
  }
};

function ShellBar({ nickname, actions }: { nickname: string; actions: ReactNode }) {
  const { t } = useTranslation();
  const { siteName, info } = usePermission();
  const [firstService] = info.customerService;
  const signOut = useSignOut('agent');
  const unread = useUnreadMessageCount();
  return (
    <header className="agent-shell__bar">
      <Link to="/agentHome" className="brand-name">
        {siteName}
      </Link>
      <LiveClock />
      <nav className="agent-shell__actions" aria-label={t('agents.shell.actions')}>
        <Link to={agentPagePath('depositv2')} className="button button--primary" data-testid="agent-deposit">
          {t('member_menu.deposit')}
        </Link>
        <Link to={agentPagePath('withdraw')} className="button button--ghost" data-testid="agent-withdraw">
          {t('member_menu.withdraw')}
        </Link>
        <Link to={agentPagePath('messageV2')} className="button button--ghost" data-testid="agent-messages">
          {t('member_menu.messages')}
          <CountBadge
            count={unread}
            label={t('messages.unread_count', { count: unread })}
            testId="agent-messages-unread"
          />
        </Link>
        {actions}
        {firstService && (
          <button
            type="button"
            className="button button--ghost"
            data-testid="agent-customer-service"
            onClick={() => {
              openExternalLink(firstService.path);
            }}
          >
            {t('floating.customer_service')}
          </button>
        )}
      </nav>
      <span className="agent-shell__nickname" data-testid="agent-nickname" dir="auto">
        {nickname}
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
  );
}

/**
 * /agentHome, full screen: its own bar instead of the site header, a menu of the agent pages (the salary
 * and dividend pages only when the contract info allows them) and the page named by `?page=`. Anyone but a
 * logged-in agent is sent back to the agent login (spec section 2).
 */
export function AgentCentrePage({
  renderShellPage,
  shellActions,
}: {
  renderShellPage?: AgentShellRenderer;
  /** Entries other features add to the shell's bar (the live chat). */
  shellActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { member, isAgent, isResolving } = useSession();
  const isRefused = !isResolving && !isAgent;
  const pages = useVisibleAgentPages();

  useEffect(() => {
    if (isRefused) void navigate('/agent', { replace: true });
  }, [isRefused, navigate]);

  // On a phone the menu is one scrolling row: the open page's entry is brought into view.
  const currentLinkRef = useRef<HTMLAnchorElement>(null);
  const requestedPage = searchParams.get('page');
  useEffect(() => {
    currentLinkRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [requestedPage]);

  if (member === null || !isAgent) return null;
  const requested = searchParams.get('page');
  // A page the menu does not offer (a salary page without its contract flag) opens the first one instead.
  const current: AgentCentrePageName =
    isAgentCentrePage(requested) && (isShell(requested) || pages.some((page) => page === requested))
      ? requested
      : (pages[0] ?? 'agentAnnouncement');
  return (
    <div className="agent-shell" data-testid="agent-home-page">
      <ShellBar nickname={member.nickname || member.account} actions={shellActions} />
      <main id="main" className="page">
        <h1 className="page__title">{t('pages.agent_home.title')}</h1>
        <div className="centre">
          <nav className="centre__menu" aria-label={t('pages.agent_home.menu')}>
            <ul>
              {pages.map((page) => (
                <li key={page}>
                  <Link
                    to={agentPagePath(page)}
                    className="centre__link"
                    aria-current={page === current ? 'page' : undefined}
                    ref={page === current ? currentLinkRef : undefined}
                    data-testid={`agent-menu-${page}`}
                  >
                    {t(`pages.agent_home.sections.${page}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section
            className="centre__content"
            aria-labelledby="agent-page-title"
            data-testid={`agent-page-${current}`}
          >
            <h2 id="agent-page-title">{t(`pages.agent_home.sections.${current}`)}</h2>
            {isShell(current) ? renderShellPage?.(current) : renderAgentPage(current, renderShellPage)}
          </section>
        </div>
      </main>
    </div>
  );
}

const isShell = (page: AgentCentrePageName): page is AgentShellPage =>
  page === 'depositv2' || page === 'withdraw' || page === 'messageV2';
