import type { ReactNode } from 'react';
import { LoadingStatus } from '../../components/loading-status';
import type { AgentShellRenderer } from '../../features/agents/components/agent-centre-page';
import { LiveChatButton } from '../../features/site/components/live-chat-button';
import { lazyComponent } from '../../lib/lazy-component';

// The agent shell's entries that other features provide (spec section 2: deposit, withdraw, messages; the
// announcements page); each loads when the agent opens it.
const DepositPage = lazyComponent(
  'deposit',
  () => import('../../features/payments/components/deposit-page').then((module) => module.DepositPage),
  <LoadingStatus />,
);
const WithdrawPage = lazyComponent(
  'withdraw',
  () => import('../../features/payments/components/withdraw-page').then((module) => module.WithdrawPage),
  <LoadingStatus />,
);
const MessageInbox = lazyComponent(
  'message-inbox',
  () => import('../../features/messages/components/message-inbox').then((module) => module.MessageInbox),
  <LoadingStatus />,
);
// The list only: the agent centre's section has its own heading (the page's would show it twice).
const AnnouncementList = lazyComponent(
  'announce',
  () =>
    import('../../features/content/components/announcements-page').then((module) => module.AnnouncementList),
  <LoadingStatus />,
);

const shellContent: Record<Parameters<AgentShellRenderer>[0], () => ReactNode> = {
  depositv2: () => <DepositPage />,
  withdraw: () => <WithdrawPage />,
  messageV2: () => <MessageInbox />,
  agentAnnouncement: () => <AnnouncementList />,
};

export const renderAgentShellPage: AgentShellRenderer = (page) => shellContent[page]();

/** The shell bar's entries from other features: the live chat with support. */
export const agentShellActions = <LiveChatButton variant="button" />;
