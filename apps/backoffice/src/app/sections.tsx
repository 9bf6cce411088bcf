import type { Permission } from '@wps/contracts/staff-permissions';
import type { ComponentType } from 'react';
import { AgentTreePage } from '../features/agents/agent-tree-page';
import { AgentContractsPage } from '../features/agents/contracts-page';
import { AgentSettlementPage } from '../features/agents/settlement-page';
import { AmlPage } from '../features/aml/aml-page';
import { ApprovalsPage } from '../features/approvals/approvals-page';
import { AuditPage } from '../features/audit/audit-page';
import { CockfightPage } from '../features/cockfight/cockfight-page';
import { AnnouncementsPage } from '../features/content/announcements-page';
import { CataloguePage } from '../features/games/catalogue-page';
import { KycPage } from '../features/kyc/kyc-page';
import { LiveChatPage } from '../features/live-chat/live-chat-page';
import { HouseGamesPage } from '../features/games/house-games-page';
import { LotteryPage } from '../features/games/lottery-page';
import { VendorsPage } from '../features/games/vendors-page';
import { BannersPage } from '../features/content/banners-page';
import { HelpArticlesPage } from '../features/content/help-articles-page';
import { SitePreviewPage } from '../features/content/site-preview-page';
import { LeaderboardsPage } from '../features/loyalty/leaderboards-page';
import { MallItemsPage } from '../features/loyalty/mall-items-page';
import { MissionsPage } from '../features/loyalty/missions-page';
import { RedemptionsPage } from '../features/loyalty/redemptions-page';
import { VipLevelsPage } from '../features/loyalty/vip-levels-page';
import { MembersPage } from '../features/members/members-page';
import { OutboxPage } from '../features/notifications/outbox-page';
import { ChannelsPage } from '../features/payments/channels-page';
import { DepositsPage } from '../features/payments/deposits-page';
import { SettingsPage } from '../features/payments/payment-settings-page';
import { WithdrawalsPage } from '../features/payments/withdrawals-page';
import { BrandsPage } from '../features/site/brands-page';
import { SitePage } from '../features/site/site-page';
import { ClaimReviewsPage } from '../features/promotions/claim-reviews-page';
import { PromotionsPage } from '../features/promotions/promotions-page';
import { PvpBotsPage } from '../features/pvp/pvp-bots-page';
import { RolesPage } from '../features/staff/roles-page';
import { DashboardPage } from '../features/reports/dashboard-page';
import { ReportsPage } from '../features/reports/reports-page';
import { StaffPage } from '../features/staff/staff-page';

/** The areas the navigation groups its screens in, in its order. */
export const sectionGroups = [
  'Overview',
  'Money',
  'Players',
  'Agents',
  'Engagement',
  'Content',
  'Games',
  'Administration',
] as const;
export type SectionGroup = (typeof sectionGroups)[number];

/** A screen of the console: where it is, its entry in the navigation and the permission it needs. */
export type ConsoleSection = {
  path: string;
  label: string;
  group: SectionGroup;
  permission: Permission;
  Page: ComponentType;
};

const inGroup = (group: SectionGroup, sections: ReadonlyArray<Omit<ConsoleSection, 'group'>>) =>
  sections.map((section): ConsoleSection => ({ ...section, group }));

/**
 * Every screen of the console, in the navigation's order (grouped by area). A section shows in the navigation
 * only to staff whose role holds its permission, and opened by its address without it, it shows "not permitted"
 * (the server refuses its calls anyway).
 */
export const consoleSections: readonly ConsoleSection[] = [
  ...inGroup('Overview', [
    // First: the landing page of staff who may see the figures.
    { path: '/dashboard', label: 'Dashboard', permission: 'reports.view', Page: DashboardPage },
    { path: '/reports', label: 'Reports', permission: 'reports.view', Page: ReportsPage },
  ]),
  ...inGroup('Money', [
    { path: '/deposits', label: 'Deposits', permission: 'deposits.view', Page: DepositsPage },
    { path: '/withdrawals', label: 'Withdrawals', permission: 'withdrawals.view', Page: WithdrawalsPage },
    { path: '/approvals', label: 'Approvals', permission: 'money.approve', Page: ApprovalsPage },
    { path: '/channels', label: 'Channels', permission: 'payments.channels', Page: ChannelsPage },
    { path: '/settings', label: 'Payment settings', permission: 'payments.settings', Page: SettingsPage },
  ]),
  ...inGroup('Players', [
    { path: '/members', label: 'Members', permission: 'members.view', Page: MembersPage },
    { path: '/aml', label: 'Risk queue', permission: 'aml.review', Page: AmlPage },
    { path: '/kyc', label: 'Identity (KYC)', permission: 'kyc.review', Page: KycPage },
    { path: '/live-chat', label: 'Live chat', permission: 'chat.view', Page: LiveChatPage },
  ]),
  ...inGroup('Agents', [
    { path: '/agents', label: 'Agent tree', permission: 'agents.view', Page: AgentTreePage },
    { path: '/agent-contracts', label: 'Contracts', permission: 'agents.view', Page: AgentContractsPage },
    { path: '/agent-pay', label: 'Agent pay', permission: 'agents.view', Page: AgentSettlementPage },
  ]),
  ...inGroup('Engagement', [
    { path: '/promotions', label: 'Promotions', permission: 'promotions.view', Page: PromotionsPage },
    {
      path: '/promotion-reviews',
      label: 'Claim reviews',
      permission: 'promotions.view',
      Page: ClaimReviewsPage,
    },
    { path: '/vip-levels', label: 'VIP levels', permission: 'loyalty.view', Page: VipLevelsPage },
    { path: '/missions', label: 'Missions', permission: 'loyalty.view', Page: MissionsPage },
    { path: '/leaderboards', label: 'Leaderboards', permission: 'loyalty.view', Page: LeaderboardsPage },
    { path: '/points-mall', label: 'Points mall', permission: 'loyalty.view', Page: MallItemsPage },
    { path: '/redemptions', label: 'Redemptions', permission: 'loyalty.view', Page: RedemptionsPage },
  ]),
  ...inGroup('Content', [
    { path: '/banners', label: 'Banners', permission: 'content.view', Page: BannersPage },
    {
      path: '/announcements',
      label: 'Notices and popups',
      permission: 'content.view',
      Page: AnnouncementsPage,
    },
    { path: '/help-centre', label: 'Help centre', permission: 'content.view', Page: HelpArticlesPage },
    { path: '/site-preview', label: 'Site preview', permission: 'content.view', Page: SitePreviewPage },
  ]),
  ...inGroup('Games', [
    { path: '/game-vendors', label: 'Vendors', permission: 'games.view', Page: VendorsPage },
    { path: '/games-catalogue', label: 'Catalogue', permission: 'games.view', Page: CataloguePage },
    { path: '/lottery-draws', label: 'Lottery draws', permission: 'games.view', Page: LotteryPage },
    { path: '/house-games', label: 'House games', permission: 'games.view', Page: HouseGamesPage },
    { path: '/cockfight', label: 'Cockfight', permission: 'games.view', Page: CockfightPage },
    { path: '/pvp-bots', label: 'Card-room bots', permission: 'games.view', Page: PvpBotsPage },
  ]),
  ...inGroup('Administration', [
    { path: '/site', label: 'Site and brand', permission: 'site.view', Page: SitePage },
    { path: '/brands', label: 'Brands', permission: 'brands.create', Page: BrandsPage },
    { path: '/staff', label: 'Staff', permission: 'staff.manage', Page: StaffPage },
    { path: '/roles', label: 'Roles', permission: 'staff.manage', Page: RolesPage },
    { path: '/audit', label: 'Audit', permission: 'audit.view', Page: AuditPage },
    { path: '/outbox', label: 'Outbox', permission: 'notifications.outbox', Page: OutboxPage },
  ]),
];
