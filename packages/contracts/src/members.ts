import { z } from 'zod';
import { successEnvelope } from './envelope';

/**
 * A member's account status. Only `active` may log in, hold a session or play (the vendor wallet refuses the
 * others' bets); staff lock (a short stop, say a suspected takeover), disable (risk or abuse) or close (the
 * member asked) an account, and reopen it, always with a reason.
 */
export const memberStatuses = ['active', 'locked', 'disabled', 'closed'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/** Which of a member's details the console's member search matches; `any` tries them all. */
export const memberSearchFields = [
  'any',
  'username',
  'phone',
  'email',
  'realName',
  'id',
  'upline',
  'payoutAccount',
  'lastLoginIp',
  'tag',
] as const;
export type MemberSearchField = (typeof memberSearchFields)[number];

/** What the search's results sort by: registration (the member id), username or the last login. */
export const memberSearchSorts = ['registered', 'username', 'lastLogin'] as const;
export type MemberSearchSort = (typeof memberSearchSorts)[number];

const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);

/**
 * The console's member search within the brand the request names, a page at a time. Username, email and real
 * name match by their start in any case; a phone number with or without its dialing code (digits only, "+",
 * spaces and dashes ignored); an id, the upline agent's username, a payout account number, the last login
 * address and a tag match whole (names and tags in any case).
 */
export const memberSearchQuerySchema = z.strictObject({
  q: z.string().trim().min(1).max(100),
  field: z.enum(memberSearchFields).default('any'),
  sort: z.enum(memberSearchSorts).default('registered'),
  order: z.enum(['asc', 'desc']).default('desc'),
  pageNo,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type MemberSearchQuery = z.infer<typeof memberSearchQuerySchema>;

/** A member as staff find them: what they need to tell members apart and answer them. */
export const memberSearchResultSchema = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  realName: z.string().nullable(),
  /** "+92 3001234567", or null without a mobile number. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** 0 member, 1/2/41/42 agent, 4 trial (spec section 3). */
  type: z.number().int(),
  status: z.string(),
  /** The username of the agent the member is under, if any. */
  upline: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type MemberSearchResult = z.infer<typeof memberSearchResultSchema>;

export const memberSearchResponseSchema = successEnvelope(
  z.object({
    list: z.array(memberSearchResultSchema),
    pageNo: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  }),
);

export const memberIdParamsSchema = z.strictObject({ memberId: z.string().regex(/^[1-9]\d{0,17}$/) });

/** What staff write on a member's timeline, and why an account changed (kept with the change). */
const staffText = (max: number) => z.string().trim().min(1).max(max);

/**
 * Staff's own entries (notes) and the changes staff made (status, password resets, tags), each by whom and when;
 * the audit trail keeps the same changes for the record.
 */
export const memberTimelineKinds = [
  'note',
  'status',
  'password_reset',
  'payment_password_reset',
  'tag_added',
  'tag_removed',
] as const;
export const memberTimelineEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(memberTimelineKinds),
  body: z.string(),
  staffUsername: z.string(),
  createdAt: z.string(),
});
export type MemberTimelineEntry = z.infer<typeof memberTimelineEntrySchema>;

/**
 * One member for staff: who they are, their account's state, what identity the platform holds (there is no KYC
 * verification: only the details the member gave), their tags and the staff timeline.
 */
export const memberProfileSchema = z.object({
  member: memberSearchResultSchema.extend({
    uplineId: z.string().nullable(),
    isAgent: z.boolean(),
    registerIp: z.string().nullable(),
    registerDomain: z.string().nullable(),
    firstLoginAt: z.string().nullable(),
    language: z.string().nullable(),
    /** The member must change the password at the next login (one staff or an agent issued). */
    mustChangePassword: z.boolean(),
    hasPaymentPassword: z.boolean(),
    passwordChangedAt: z.string(),
  }),
  identity: z.object({
    realName: z.string().nullable(),
    idNumber: z.string().nullable(),
    birthday: z.string().nullable(),
  }),
  tags: z.array(z.string()),
  timeline: z.array(memberTimelineEntrySchema),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;
export const memberProfileResponseSchema = successEnvelope(memberProfileSchema);

/** A member's logins and other sign-in events (logouts, password changes, resets), newest first. */
export const memberLoginQuerySchema = z.strictObject({
  pageNo,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const memberLoginEventSchema = z.object({
  id: z.string(),
  /** login, social.login, logout, register, password.change, password.reset.email … */
  event: z.string(),
  isSuccess: z.boolean(),
  ip: z.string(),
  /** The browser or app; null for events recorded before it was kept. */
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberLoginEvent = z.infer<typeof memberLoginEventSchema>;
export const memberLoginsResponseSchema = successEnvelope(
  z.object({
    list: z.array(memberLoginEventSchema),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  }),
);

/**
 * Why two members may be one person: a login from the same device (the same address and browser), a login
 * from the same address, or the same payout account number.
 */
export const memberLinkKinds = ['device', 'loginIp', 'payoutAccount'] as const;
export type MemberLinkKind = (typeof memberLinkKinds)[number];
export const linkedMemberSchema = z.object({
  member: memberSearchResultSchema.pick({ id: true, account: true, realName: true, status: true }),
  links: z.array(
    z.object({
      kind: z.enum(memberLinkKinds),
      /** The shared address, "address · browser", or the account number masked to its last four. */
      value: z.string(),
    }),
  ),
});
export type LinkedMember = z.infer<typeof linkedMemberSchema>;
export const linkedMembersResponseSchema = successEnvelope(
  z.object({ list: z.array(linkedMemberSchema), isTruncated: z.boolean() }),
);

/** The member's money as the member sees it, with the bonus balance and what the member may withdraw. */
export const memberFundsSchema = z.object({
  currency: z.string(),
  mainWallet: z.string(),
  /** Held for withdrawals waiting for approval. */
  pendingWithdrawal: z.string(),
  gameWallets: z.array(z.object({ vendor: z.string(), balance: z.string() })),
  total: z.string(),
  bonusBalance: z.string(),
  /** The member's withdrawal limits as the withdrawal page shows them. */
  withdrawal: z.object({
    minAmount: z.string(),
    maxAmount: z.string(),
    dailyMaxAmount: z.string(),
    dailyMaxCount: z.number().int(),
    usedTodayAmount: z.string(),
    usedTodayCount: z.number().int(),
    turnoverRemaining: z.string(),
    activeBonus: z.object({ title: z.string(), balance: z.string() }).nullable(),
  }),
});
export type MemberFunds = z.infer<typeof memberFundsSchema>;
export const memberFundsResponseSchema = successEnvelope(memberFundsSchema);

export const memberNoteRequestSchema = z.strictObject({ body: staffText(2000) });

/** Tags: short labels staff filter and flag members by ("vip-watch", "chargeback"), kept in lower case. */
export const memberTagPattern = /^[\p{L}\p{N}][\p{L}\p{N} _-]{0,31}$/u;
export const memberTagRequestSchema = z.strictObject({
  tag: z.string().trim().toLowerCase().regex(memberTagPattern, 'letters, digits, spaces, _ and -, up to 32'),
});
export const memberTagParamsSchema = memberIdParamsSchema.extend({ tag: z.string().min(1).max(64) });
export const memberTagsResponseSchema = successEnvelope(z.object({ tags: z.array(z.string()) }));

export const memberStatusRequestSchema = z.strictObject({
  status: z.enum(memberStatuses),
  reason: staffText(500),
});
export const memberStatusResponseSchema = successEnvelope(
  z.object({ status: z.enum(memberStatuses), sessionsEnded: z.number().int() }),
);

/** Why staff reset a password (the member's call, a takeover …): kept on the timeline and in the audit trail. */
export const memberResetRequestSchema = z.strictObject({ reason: staffText(500) });
/** Shown once to the staff member who reset it; the member must change it at the next login. */
export const memberPasswordResetResponseSchema = successEnvelope(z.object({ temporaryPassword: z.string() }));
