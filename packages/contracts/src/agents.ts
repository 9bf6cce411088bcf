import { z } from 'zod';
import { successEnvelope } from './envelope';

/**
 * The agent centre's reports and actions (`/wps/agent/...`, agents only: member types 1, 2, 41, 42) and the
 * operator's move of a member between agents (`/wps/backoffice/agents/...`). Every report covers the caller's
 * own downline only; a member named outside it answers NOT_IN_YOUR_LINE. Amounts are decimal strings of the
 * brand's currency; days are yyyy-MM-dd of the brand's clock, both ends inclusive.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd');
/** At most this many days in one report. */
export const maxReportDays = 93;

export const periodQuerySchema = z.object({
  /** Defaults to today (the brand's day). */
  startDate: isoDate.optional(),
  /** Defaults to startDate. */
  endDate: isoDate.optional(),
});

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

/** 1 = direct downline, 2 = their downline, …; absent = every level. */
const levelQuery = z.coerce.number().int().min(1).max(1000).optional();
const usernameQuery = z.string().trim().min(1).max(64).optional();

const figuresSchema = z.object({
  betCount: z.number().int(),
  betAmount: z.string(),
  validBet: z.string(),
  payout: z.string(),
  /** The members' profit and loss: payout − valid bet; negative when they lost (the house won). */
  profitLoss: z.string(),
  depositCount: z.number().int(),
  depositAmount: z.string(),
  withdrawalCount: z.number().int(),
  withdrawalAmount: z.string(),
  bonusAmount: z.string(),
});
export type AgentFigures = z.infer<typeof figuresSchema>;

/** GET /wps/agent/team/overview?startDate&endDate (agentTeamOverview). */
export const teamOverviewQuerySchema = periodQuerySchema;
export const teamOverviewSchema = z.object({
  currency: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** Everyone below the agent now, every level. */
  teamSize: z.number().int(),
  directMembers: z.number().int(),
  /** Registered in the period. */
  newMembers: z.number().int(),
  /** Members of the team with a valid bet above zero in the period. */
  activeMembers: z.number().int(),
  figures: figuresSchema,
  /** One point per day of the period (days without activity carry zeros), for the charts. */
  series: z.array(
    z.object({
      date: z.string(),
      newMembers: z.number().int(),
      activeMembers: z.number().int(),
      depositAmount: z.string(),
      withdrawalAmount: z.string(),
      validBet: z.string(),
      profitLoss: z.string(),
    }),
  ),
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;
export const teamOverviewResponseSchema = successEnvelope(teamOverviewSchema);

/** GET /wps/agent/downline (downlineManagmentView): search by name (part of it), level; newest first. */
export const downlineQuerySchema = z.object({
  username: usernameQuery,
  level: levelQuery,
  ...pageQuery,
});
export const downlineMemberSchema = z.object({
  account: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  /** 1 = direct downline. */
  level: z.number().int(),
  upline: z.string().nullable(),
  /** Main wallet. */
  balance: z.string(),
  status: z.string(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type DownlineMember = z.infer<typeof downlineMemberSchema>;
export const downlineResponseSchema = successEnvelope(
  z.object({
    currency: z.string(),
    list: z.array(downlineMemberSchema),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  }),
);

/**
 * GET /wps/agent/team/members-report?startDate&endDate&username&level&pageNo&pageSize: per member of the
 * downline with activity in the period, highest valid bet first; totals over the whole filter. Serves
 * personalHistoryCopy (team betting: bet columns) and palStatementsAgentCopy (user loss: profit and loss).
 */
export const teamMembersReportQuerySchema = periodQuerySchema.extend({
  username: usernameQuery,
  level: levelQuery,
  ...pageQuery,
});
export const teamMemberFiguresSchema = figuresSchema.extend({
  account: z.string(),
  level: z.number().int(),
});
export const teamMembersReportResponseSchema = successEnvelope(
  z.object({
    currency: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    list: z.array(teamMemberFiguresSchema),
    total: z.number().int(),
    totals: figuresSchema,
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  }),
);

/**
 * GET /wps/agent/team/transactions?username&startDate&endDate&pageNo&pageSize
 * (agentDownlineTransactionDetailsCopy): one downline member's main-wallet entries from the ledger, newest first.
 */
export const teamTransactionsQuerySchema = periodQuerySchema.extend({
  username: z.string().trim().min(1).max(64),
  ...pageQuery,
});
export const teamTransactionSchema = z.object({
  entryId: z.string(),
  account: z.string(),
  /** The ledger kind's first segment: deposit, withdrawal, bet, win, transfer, adjustment, bonus, … */
  recordType: z.string(),
  kind: z.string(),
  /** Signed: positive credits the member. */
  amount: z.string(),
  balanceAfter: z.string(),
  createdAt: z.string(),
});
export const teamTransactionsResponseSchema = successEnvelope(
  z.object({
    currency: z.string(),
    list: z.array(teamTransactionSchema),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  }),
);

/** POST /wps/agent/members (registerCenter): a member or sub-agent created directly under the caller. */
export const agentRegisterRequestSchema = z.strictObject({
  username: z.string().trim().min(4).max(16),
  // The password policy (validation-rules' checkPassword) decides the rest, with its own message.
  password: z.string().min(1).max(128),
  nickname: z.string().trim().min(1).max(32).optional(),
  /** A sub-agent (type 1) instead of a player. */
  isAgent: z.boolean().default(false),
});
export type AgentRegisterRequest = z.input<typeof agentRegisterRequestSchema>;
export const agentRegisterResponseSchema = successEnvelope(
  z.object({ account: z.string(), type: z.number().int(), upline: z.string() }),
);

/** GET /wps/agent/affiliate-links, POST /wps/agent/affiliate-links; the site draws the QR code of `url`. */
export const affiliateLinkSchema = z.object({
  code: z.string(),
  /** Registers sub-agents instead of players. */
  isAgentLink: z.boolean(),
  note: z.string().nullable(),
  /** The site's register page with the code (the brand's main domain). */
  url: z.string(),
  createdAt: z.string(),
});
export type AffiliateLink = z.infer<typeof affiliateLinkSchema>;
export const affiliateLinksResponseSchema = successEnvelope(
  z.object({ links: z.array(affiliateLinkSchema) }),
);
export const createAffiliateLinkRequestSchema = z.strictObject({
  isAgentLink: z.boolean().default(false),
  note: z.string().trim().max(100).optional(),
});
export const maxAffiliateLinks = 20;
export const affiliateLinkResponseSchema = successEnvelope(affiliateLinkSchema);

/** POST /wps/backoffice/agents/move-member (operator; audited): a member and its whole subtree to a new upline. */
export const moveMemberRequestSchema = z.strictObject({
  username: z.string().trim().min(1).max(64),
  /** Null moves the member to the top (no upline). */
  newUpline: z.string().trim().min(1).max(64).nullable(),
  reason: z.string().trim().min(3).max(500),
});
export const moveMemberResponseSchema = successEnvelope(
  z.object({
    account: z.string(),
    previousUpline: z.string().nullable(),
    newUpline: z.string().nullable(),
    /** The member and everyone below it that moved. */
    movedMembers: z.number().int(),
  }),
);
