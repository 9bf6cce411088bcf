import type { Permission } from '@wps/contracts/staff-permissions';
import type { ComponentType } from 'react';
import { AgentTreePage } from '../features/agents/agent-tree-page';
import { AgentContractsPage } from '../features/agents/contracts-page';
import { AgentSettlementPage } from '../features/agents/settlement-page';
import { ApprovalsPage } from '../features/approvals/approvals-page';
import { AuditPage } from '../features/audit/audit-page';
import { CockfightPage } from '../features/cockfight/cockfight-page';
import { AnnouncementsPage } from '../features/content/announcements-page';
import { CataloguePage } from '../features/games/catalogue-page';
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

/** A screen of the console: where it is, its entry in the navigation and the permission it needs. */
export type ConsoleSection = { path: string; label: string; permission: Permission; Page: ComponentType };

/**
 * Every screen of the console, in the navigation's order. A section shows in the navigation only to staff
 * whose role holds its permission, and opened by its address without it, it shows "not permitted" (the server
 * refuses its calls anyway).
 */
export const consoleSections: readonly ConsoleSection[] = [
  // First: the landing page of staff who may see the figures.
  { path: '/dashboard', label: 'Dashboard', permission: 'reports.view', Page: DashboardPage },
  { path: '/reports', label: 'Reports', permission: 'reports.view', Page: ReportsPage },
  { path: '/deposits', label: 'Deposits', permission: 'deposits.view', Page: DepositsPage },
  { path: '/withdrawals', label: 'Withdrawals', permission: 'withdrawals.view', Page: WithdrawalsPage },
  { path: '/approvals', label: 'Approvals', permission: 'money.approve', Page: ApprovalsPage },
  { path: '/members', label: 'Members', permission: 'members.view', Page: MembersPage },
  { path: '/agents', label: 'Agent tree', permission: 'agents.view', Page: AgentTreePage },
  { path: '/agent-contracts', label: 'Agent contracts', permission: 'agents.view', Page: AgentContractsPage },
  { path: '/agent-pay', label: 'Agent pay', permission: 'agents.view', Page: AgentSettlementPage },
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
  { path: '/banners', label: 'Banners', permission: 'content.view', Page: BannersPage },
  {
    path: '/announcements',
    label: 'Notices and popups',
    permission: 'content.view',
    Page: AnnouncementsPage,
  },
  { path: '/help-centre', label: 'Help centre', permission: 'content.view', Page: HelpArticlesPage },
  { path: '/site-preview', label: 'Site preview', permission: 'content.view', Page: SitePreviewPage },
  { path: '/game-vendors', label: 'Game vendors', permission: 'games.view', Page: VendorsPage },
  { path: '/games-catalogue', label: 'Games catalogue', permission: 'games.view', Page: CataloguePage },
  { path: '/lottery-draws', label: 'Lottery draws', permission: 'games.view', Page: LotteryPage },
  { path: '/house-games', label: 'House games', permission: 'games.view', Page: HouseGamesPage },
  { path: '/cockfight', label: 'Cockfight', permission: 'games.view', Page: CockfightPage },
  { path: '/pvp-bots', label: 'Card-room bots', permission: 'games.view', Page: PvpBotsPage },
  { path: '/channels', label: 'Channels', permission: 'payments.channels', Page: ChannelsPage },
  { path: '/settings', label: 'Settings', permission: 'payments.settings', Page: SettingsPage },
  { path: '/site', label: 'Site and brand', permission: 'site.view', Page: SitePage },
  { path: '/brands', label: 'Brands', permission: 'brands.create', Page: BrandsPage },
  { path: '/audit', label: 'Audit', permission: 'audit.view', Page: AuditPage },
  { path: '/staff', label: 'Staff', permission: 'staff.manage', Page: StaffPage },
  { path: '/roles', label: 'Roles', permission: 'staff.manage', Page: RolesPage },
  { path: '/outbox', label: 'Outbox', permission: 'notifications.outbox', Page: OutboxPage },
];
