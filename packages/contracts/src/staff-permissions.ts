/**
 * What a staff member may do in the operator console: one permission per action, grouped as the roles editor
 * shows them. A role is a set of these, per brand; every operator route names the one it needs (the staff
 * guard refuses the rest) and the console hides what the signed-in staff member lacks.
 */
export const permissionGroups = [
  {
    key: 'players',
    label: 'Players',
    permissions: [
      { key: 'members.view', label: 'Search members and open their profiles' },
      { key: 'members.view_balances', label: "See a member's balances and wallet records" },
      { key: 'members.edit', label: "Change a member's VIP level and details" },
      {
        key: 'members.manage',
        label: 'Lock, disable or close a member, reset their passwords, and keep their notes and tags',
      },
      { key: 'feedback.view', label: "Read members' feedback" },
      { key: 'uploads.view', label: 'Open uploaded files (deposit proofs, payout confirmations)' },
    ],
  },
  {
    key: 'money',
    label: 'Money',
    permissions: [
      { key: 'deposits.view', label: 'See the deposit queue' },
      { key: 'deposits.approve', label: 'Approve or reject deposits' },
      { key: 'withdrawals.view', label: 'See the withdrawal queue (payout accounts masked)' },
      { key: 'withdrawals.approve', label: 'Approve or reject withdrawals (payout accounts in full)' },
      { key: 'money.adjust', label: "Credit or debit a member's balance by hand" },
      { key: 'money.approve', label: 'Give or refuse the second approval of a large adjustment' },
      { key: 'payments.channels', label: 'Configure deposit and withdrawal channels' },
      { key: 'payments.settings', label: 'Change withdrawal rules; see wallet settings' },
    ],
  },
  {
    key: 'promotions',
    label: 'Promotions and loyalty',
    permissions: [
      { key: 'promotions.view', label: 'See promotions, member bonuses and held claims' },
      { key: 'promotions.manage', label: 'Create and change promotions and their pictures' },
      { key: 'promotions.review_claims', label: 'Pay or refuse held promotion claims' },
      { key: 'bonuses.manage', label: "Grant or forfeit a member's bonus" },
      {
        key: 'loyalty.view',
        label: 'See VIP levels, missions, leaderboards, the points mall and redemptions',
      },
      {
        key: 'loyalty.manage',
        label: 'Create and change VIP levels, missions, leaderboards, mall items and points rules',
      },
      { key: 'loyalty.fulfil', label: 'Fulfil or refuse points-mall redemptions' },
      { key: 'loyalty.adjust_points', label: "Credit or debit a member's points" },
    ],
  },
  {
    key: 'content',
    label: 'Content',
    permissions: [
      { key: 'content.view', label: 'See banners, announcements and help articles' },
      { key: 'content.edit', label: 'Create, change and delete banners, announcements and help articles' },
    ],
  },
  {
    key: 'games',
    label: 'Games',
    permissions: [
      { key: 'games.view', label: 'See vendors, lottery draws and fights' },
      { key: 'games.manage', label: 'Register and change game vendors and the catalogue' },
      {
        key: 'house_games.manage',
        label: 'Enter lottery results, set caps and blocked numbers, run fights and house-game settings',
      },
    ],
  },
  {
    key: 'site',
    label: 'Site and brand',
    permissions: [
      { key: 'site.view', label: 'See site settings' },
      { key: 'site.manage', label: 'Change site settings, delivery, social sign-in and wallet settings' },
      { key: 'notifications.outbox', label: 'Read the development outbox (codes and links sent)' },
    ],
  },
  {
    key: 'agents',
    label: 'Agents',
    permissions: [
      { key: 'agents.view', label: 'See the agent tree, agent contracts, pay records and settlement runs' },
      { key: 'agents.move_member', label: 'Move a member to another agent' },
      { key: 'agents.settle', label: 'Run agent settlement and offer platform-paid contracts' },
    ],
  },
  {
    key: 'reports',
    label: 'Reports and audit',
    permissions: [
      { key: 'reports.view', label: 'See the dashboard and reports' },
      { key: 'audit.view', label: 'Read the audit log' },
    ],
  },
  {
    key: 'staff',
    label: 'Staff',
    permissions: [{ key: 'staff.manage', label: 'Create staff, assign their roles and edit roles' }],
  },
  {
    // After the others, so a migration that appends it to the admin presets keeps the catalogue's order (0058).
    key: 'platform',
    label: 'Platform',
    permissions: [
      { key: 'brands.create', label: "Create brands (white labels); only on the platform's own brand" },
    ],
  },
  {
    // After platform, so migration 0065, which appends it to the admin and risk presets, keeps the catalogue's order.
    key: 'compliance',
    label: 'Compliance',
    permissions: [
      {
        // Before aml.review: migration 0064 appends it to the presets before 0065 appends aml.review.
        key: 'kyc.review',
        label:
          'Review identity documents (KYC), which releases held withdrawals, and set the verification rules',
      },
      {
        key: 'aml.review',
        label: 'Review anti-money-laundering flags (clear, restrict, close, report) and set their thresholds',
      },
    ],
  },
  {
    // Last, so migration 0069, which appends it to the admin and support presets, keeps the catalogue's order.
    key: 'chat',
    label: 'Live chat',
    permissions: [
      { key: 'chat.view', label: 'See the live-chat queue and transcripts' },
      { key: 'chat.reply', label: 'Answer, assign and close live-chat conversations; use canned replies' },
      { key: 'chat.manage', label: 'Create and delete canned replies' },
    ],
  },
] as const;

export type Permission = (typeof permissionGroups)[number]['permissions'][number]['key'];

/** Every permission, in the catalogue's order. */
export const permissions: readonly Permission[] = permissionGroups.flatMap((group) =>
  group.permissions.map((permission) => permission.key),
);

export const isPermission = (value: string): value is Permission =>
  (permissions as readonly string[]).includes(value);

/**
 * Permissions that act on the whole platform, not on one brand: a role holds them only in the platform's own
 * brand (the default merchant); elsewhere they grant nothing and the console does not show their screens.
 */
export const platformOnlyPermissions: readonly Permission[] = ['brands.create'];

/** The permission that lets a staff member manage staff and roles; a brand never loses its last holder. */
export const staffManagePermission: Permission = 'staff.manage';

/** The roles every brand starts with; each is an ordinary role afterwards (renamed, given or refused permissions). */
export const presetRoleKeys = ['admin', 'finance', 'risk', 'support', 'content', 'marketing'] as const;
export type PresetRoleKey = (typeof presetRoleKeys)[number];

/** The permissions named, in the catalogue's order. */
const holding = (...held: readonly Permission[]): readonly Permission[] =>
  permissions.filter((permission) => held.includes(permission));

/**
 * Looking at the brand's configuration and catalogue: what every preset but admin starts from. Content is
 * not in it: finance and risk have no business in the site's banners and notices.
 */
const browsing: readonly Permission[] = [
  'promotions.view',
  'loyalty.view',
  'games.view',
  'site.view',
  'uploads.view',
];
/** Looking up players: the presets that answer or check them. */
const players: readonly Permission[] = ['members.view', 'feedback.view'];

/**
 * What each preset holds when a brand is created. Admin, finance and support hold exactly what those fixed
 * roles could do before roles became editable (plus reports, which had no page then).
 */
export const presetRoles: Record<PresetRoleKey, { name: string; permissions: readonly Permission[] }> = {
  admin: { name: 'Admin', permissions },
  finance: {
    name: 'Finance',
    permissions: holding(
      ...browsing,
      ...players,
      'members.view_balances',
      'deposits.view',
      'deposits.approve',
      'withdrawals.view',
      'withdrawals.approve',
      'money.adjust',
      'money.approve',
      'payments.channels',
      'payments.settings',
      'promotions.review_claims',
      'bonuses.manage',
      'loyalty.fulfil',
      'loyalty.adjust_points',
      'agents.view',
      'reports.view',
      'audit.view',
    ),
  },
  risk: {
    name: 'Risk',
    permissions: holding(
      ...browsing,
      ...players,
      'members.view_balances',
      'members.manage',
      'deposits.view',
      'withdrawals.view',
      'promotions.review_claims',
      'reports.view',
      'audit.view',
      'kyc.review',
      'aml.review',
    ),
  },
  support: {
    name: 'Support',
    permissions: holding(
      ...browsing,
      ...players,
      'members.edit',
      'members.manage',
      'withdrawals.view',
      'loyalty.fulfil',
      'content.view',
      'content.edit',
      'agents.view',
      'agents.move_member',
      'chat.view',
      'chat.reply',
    ),
  },
  content: {
    name: 'Content',
    permissions: holding(...browsing, 'content.view', 'content.edit', 'promotions.manage'),
  },
  marketing: {
    name: 'Marketing',
    permissions: holding(
      ...browsing,
      'members.view',
      'promotions.manage',
      'loyalty.manage',
      'content.view',
      'content.edit',
      'reports.view',
    ),
  },
};
