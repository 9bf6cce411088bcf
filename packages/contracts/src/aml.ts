import { z } from 'zod';
import { successEnvelope } from './envelope';
import { memberStatuses } from './members';
import { amountSchema } from './wallet';

/**
 * Anti-money-laundering monitoring (issue 26, item 5). Rules watch the ledger, sign-ins and payout accounts off the
 * money's path and raise flags for staff to review; a flag never blocks anything by itself.
 */
export const amlRules = [
  /** A deposit at or over the brand's threshold. */
  'large_deposit',
  /** A withdrawal request at or over the brand's threshold. */
  'large_withdrawal',
  /** A withdrawal requested when the valid bets since the previous one are small against the deposits since. */
  'little_play',
  /** Accounts that signed in from the same device (address and browser). */
  'shared_device',
  /** Accounts registered or last signed in from the same network address. */
  'shared_ip',
  /** Accounts that added the same payout account number. */
  'shared_payout_account',
  /** Many or large transfers from an agent to its line within a short window. */
  'rapid_agent_transfers',
] as const;
export type AmlRule = (typeof amlRules)[number];

export const amlRuleLabels: Record<AmlRule, string> = {
  large_deposit: 'Large deposit',
  large_withdrawal: 'Large withdrawal',
  little_play: 'Withdrawal with little play',
  shared_device: 'Shared device',
  shared_ip: 'Shared network address',
  shared_payout_account: 'Shared payout account',
  rapid_agent_transfers: 'Rapid agent transfers',
};

/** Open flags wait in the queue; the others record staff's decision. */
export const amlFlagStatuses = ['open', 'cleared', 'restricted', 'closed', 'reported'] as const;
export type AmlFlagStatus = (typeof amlFlagStatuses)[number];

/**
 * What staff do with a flag: clear it (a false positive), restrict the member (status locked), close the account
 * (status closed), or record that a suspicious-activity report was filed outside the platform (its reference).
 */
export const amlActions = ['clear', 'restrict', 'close', 'report'] as const;
export type AmlAction = (typeof amlActions)[number];

/** The status each action leaves the flag in. */
export const amlActionStatus: Record<AmlAction, Exclude<AmlFlagStatus, 'open'>> = {
  clear: 'cleared',
  restrict: 'restricted',
  close: 'closed',
  report: 'reported',
};

/**
 * The statuses each action may follow: every action decides an open flag; a restricted member's flag may still be
 * escalated (closed or reported), a closed one reported. Cleared and reported flags are final.
 */
export const amlActionFrom: Record<AmlAction, readonly AmlFlagStatus[]> = {
  clear: ['open'],
  restrict: ['open'],
  close: ['open', 'restricted'],
  report: ['open', 'restricted', 'closed'],
};

export const amlFlagQuerySchema = z.strictObject({
  /** The queue (open flags) or every flag. */
  status: z.enum(['open', 'all']).default('open'),
  rule: z.enum(amlRules).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AmlFlagQuery = z.infer<typeof amlFlagQuerySchema>;

export const amlFlagParamsSchema = z.strictObject({ id: z.string().regex(/^[1-9]\d{0,17}$/) });

const amlMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  status: z.enum(memberStatuses),
});
export type AmlMember = z.infer<typeof amlMemberSchema>;

/** A flag as the queue lists it: whom it is about, and its main figure (an amount, or how many accounts share). */
export const amlFlagSchema = z.object({
  id: z.string(),
  rule: z.enum(amlRules),
  status: z.enum(amlFlagStatuses),
  member: amlMemberSchema,
  currency: z.string(),
  /** The deposit, the withdrawal, or the transfers' total in the window (a decimal string); null for sharing. */
  amount: z.string().nullable(),
  /** How many accounts share the device, address or payout account (the member included); null otherwise. */
  accountCount: z.number().int().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AmlFlag = z.infer<typeof amlFlagSchema>;

export const amlFlagListSchema = z.object({
  list: z.array(amlFlagSchema),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export const amlFlagListResponseSchema = successEnvelope(amlFlagListSchema);

/** A ledger movement behind a flag, as the flagged member (or, for a transfer, its sender) saw it. */
export const amlMovementSchema = z.object({
  transactionId: z.string(),
  kind: z.string(),
  reference: z.string().nullable(),
  /** Signed, from the member's side: a deposit in, a withdrawal's hold or a transfer out negative. */
  amount: z.string(),
  /** The other member of a transfer. */
  counterpart: amlMemberSchema.nullable(),
  createdAt: z.string(),
});
export type AmlMovement = z.infer<typeof amlMovementSchema>;

/** What the rule saw when it raised the flag; the fields of other rules are null. */
export const amlEvidenceSchema = z.object({
  amount: z.string().nullable(),
  threshold: z.string().nullable(),
  /** little_play: the deposits and valid bets since the previous withdrawal, and the ratio that was not reached. */
  deposits: z.string().nullable(),
  validBet: z.string().nullable(),
  ratioPercent: z.number().int().nullable(),
  since: z.string().nullable(),
  /** Sharing: the device (address · browser), network address or masked payout account shared. */
  sharedValue: z.string().nullable(),
  accountCount: z.number().int().nullable(),
  /** rapid_agent_transfers: how many transfers in how many minutes. */
  transferCount: z.number().int().nullable(),
  windowMinutes: z.number().int().nullable(),
});
export type AmlEvidence = z.infer<typeof amlEvidenceSchema>;

export const amlDecisionSchema = z.object({
  reason: z.string(),
  reportReference: z.string().nullable(),
  staffUsername: z.string(),
  decidedAt: z.string(),
});

export const amlFlagDetailSchema = amlFlagSchema.extend({
  evidence: amlEvidenceSchema,
  movements: z.array(amlMovementSchema),
  /** The other members sharing the device, address or payout account, or receiving the transfers. */
  relatedMembers: z.array(amlMemberSchema),
  decision: amlDecisionSchema.nullable(),
});
export type AmlFlagDetail = z.infer<typeof amlFlagDetailSchema>;
export const amlFlagDetailResponseSchema = successEnvelope(amlFlagDetailSchema);

const reasonSchema = z.string().trim().min(3).max(500);

/** Every action takes a reason the audit keeps; a report also the reference of the report filed outside. */
export const amlActionBodySchema = z.strictObject({
  reason: reasonSchema,
  reportReference: z.string().trim().min(1).max(200).optional(),
});
export type AmlActionBody = z.infer<typeof amlActionBodySchema>;
export const amlActionParamsSchema = amlFlagParamsSchema.extend({ action: z.enum(amlActions) });

/** The brand's thresholds (amounts as decimal strings of its currency). */
export const amlSettingsSchema = z.object({
  currency: z.string(),
  largeDeposit: z.string(),
  largeWithdrawal: z.string(),
  /** little_play flags a withdrawal when valid bets since the previous one are below this % of the deposits. */
  littlePlayPercent: z.number().int(),
  /** Sharing flags from this many accounts on one device, address or payout account (the member included). */
  sharedAccountsMin: z.number().int(),
  transferWindowMinutes: z.number().int(),
  transferCountMin: z.number().int(),
  transferAmountMin: z.string(),
  /** Whether the brand uses the defaults (nobody saved its own yet). */
  isDefault: z.boolean(),
});
export type AmlSettings = z.infer<typeof amlSettingsSchema>;
export const amlSettingsResponseSchema = successEnvelope(amlSettingsSchema);

export const amlSettingsBodySchema = z.strictObject({
  largeDeposit: amountSchema,
  largeWithdrawal: amountSchema,
  littlePlayPercent: z.number().int().min(1).max(1000),
  sharedAccountsMin: z.number().int().min(2).max(1000),
  transferWindowMinutes: z.number().int().min(1).max(1440),
  transferCountMin: z.number().int().min(2).max(10_000),
  transferAmountMin: amountSchema,
});
export type AmlSettingsBody = z.infer<typeof amlSettingsBodySchema>;
