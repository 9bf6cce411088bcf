import { z } from 'zod';
import { successEnvelope } from './envelope';

/**
 * Amounts cross the wire as decimal strings ("1234.50"); the server turns them into minor units of the
 * member's currency with `toMinorUnits` (money.ts) and refuses extra decimals, zero, negatives and huge values.
 */
export const amountSchema = z.string().trim().min(1).max(40);
/** The site's id for one submission (a fresh UUID per form submit): a retry answers the first result. */
export const requestIdSchema = z.uuid();
/** Six digits, set at registration or in the security centre; confirms every movement out of a wallet. */
export const paymentPasswordSchema = z.string().max(64);
export const paymentPasswordPattern = /^\d{6}$/;
/** A game vendor code (PG, JDB, TCG_LOTTO_VN, …). */
export const vendorCodeSchema = z.string().regex(/^[A-Z0-9_]{2,24}$/);

export const balanceSchema = z.object({
  balance: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  /** The member's bonus balance (wagering bonus money, not withdrawable); "0.00" without one. */
  bonusBalance: z.string(),
});
export type Balance = z.infer<typeof balanceSchema>;
export const balanceResponseSchema = successEnvelope(balanceSchema);

/** `/member/info/funds/consolidated`: every place the member's money is. */
export const consolidatedFundsSchema = z.object({
  currency: z.string(),
  currencySymbol: z.string(),
  /** The main wallet: what can be played, withdrawn or transferred now. */
  mainWallet: z.string(),
  /** Held for withdrawals waiting for approval. */
  pendingWithdrawal: z.string(),
  /** Per vendor, when the brand uses transfer wallets; empty for a single wallet. */
  gameWallets: z.array(z.object({ vendor: z.string(), balance: z.string() })),
  /** Main wallet plus game wallets (not what is held). */
  total: z.string(),
});
export type ConsolidatedFunds = z.infer<typeof consolidatedFundsSchema>;
export const consolidatedFundsResponseSchema = successEnvelope(consolidatedFundsSchema);

/** `/relay/GCS_merchantWallet`: single wallet (default) or transfer wallets with their vendors. */
export const merchantWalletResponseSchema = successEnvelope(
  z.object({ isSingle: z.boolean(), vendors: z.array(z.string()) }),
);

export const walletTransferDirections = ['TO_GAME', 'TO_MAIN'] as const;
/** `/relay/GCS_walletTransfer`: between the main wallet and one vendor's game wallet (transfer mode only). */
export const walletTransferRequestSchema = z.strictObject({
  vendor: vendorCodeSchema,
  direction: z.enum(walletTransferDirections),
  amount: amountSchema,
  requestId: requestIdSchema,
});
export const walletTransferResponseSchema = consolidatedFundsResponseSchema;

/** Agent to a member of their own downline (any level), by username. */
export const downlineTransferRequestSchema = z.strictObject({
  username: z.string().trim().min(1).max(64),
  amount: amountSchema,
  paymentPassword: paymentPasswordSchema,
  requestId: requestIdSchema,
});
/** Member to their own direct upline (`transferUpline`). */
export const uplineTransferRequestSchema = z.strictObject({
  amount: amountSchema,
  paymentPassword: paymentPasswordSchema,
  requestId: requestIdSchema,
});
export const transferResultSchema = z.object({
  transactionId: z.string(),
  recipient: z.string(),
  amount: z.string(),
  /** The sender's main wallet after the transfer. */
  balance: z.string(),
});
export const transferResponseSchema = successEnvelope(transferResultSchema);
/** Who the member's upline is, for the transferUpline page; null when the member has none. */
export const uplineResponseSchema = successEnvelope(
  z.object({ upline: z.object({ account: z.string(), nickname: z.string() }).nullable() }),
);

/**
 * Record types of the account record: the first segment of the ledger transaction kind ('deposit',
 * 'withdrawal.request' → withdrawal, 'transfer.upline' → transfer, 'wallet.to_game' → wallet, …).
 */
export const recordTypes = [
  'deposit',
  'withdrawal',
  'transfer',
  'wallet',
  'adjustment',
  'bet',
  'win',
  'bonus',
  'rebate',
  'salary',
] as const;
export type RecordType = (typeof recordTypes)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd');
/** A date range in the member's time zone (IANA name from the browser; the brand's when absent). */
const dateRangeQuery = {
  from: isoDate.optional(),
  to: isoDate.optional(),
  timeZone: z.string().max(64).optional(),
};

export const transactionRecordQuerySchema = z.strictObject({
  type: z.enum(recordTypes).optional(),
  ...dateRangeQuery,
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TransactionRecordQuery = z.infer<typeof transactionRecordQuerySchema>;

export const transactionRecordSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  time: z.string(),
  type: z.enum(recordTypes).or(z.literal('other')),
  /** The ledger transaction kind, for detail ('withdrawal.returned'). */
  kind: z.string(),
  /** Signed: positive in, negative out. */
  amount: z.string(),
  balanceAfter: z.string(),
  reference: z.string().nullable(),
  memo: z.string().nullable(),
});
export type TransactionRecord = z.infer<typeof transactionRecordSchema>;
export const transactionRecordsResponseSchema = successEnvelope(
  z.object({
    list: z.array(transactionRecordSchema),
    total: z.number().int(),
    totalPages: z.number().int(),
    currency: z.string(),
  }),
);

export const profitQuerySchema = z.strictObject(dateRangeQuery);
const profitFigures = { betAmount: z.string(), winAmount: z.string(), profit: z.string() };
export const profitReportSchema = z.object({
  currency: z.string(),
  byProduct: z.array(z.object({ productLine: z.string(), ...profitFigures })),
  byDay: z.array(z.object({ day: z.string(), ...profitFigures })),
  total: z.object(profitFigures),
});
export type ProfitReport = z.infer<typeof profitReportSchema>;
export const profitReportResponseSchema = successEnvelope(profitReportSchema);

/** Operator: a manual credit (positive) or debit (negative) of a member's main wallet, with its reason. */
export const adjustmentRequestSchema = z.strictObject({
  username: z.string().trim().min(1).max(64),
  amount: amountSchema,
  reason: z.string().trim().min(1).max(500),
  requestId: requestIdSchema,
});

export const adjustmentProposalStatuses = ['pending', 'approved', 'rejected'] as const;
/**
 * Operator: an adjustment above the brand's second-approval amount, waiting for (or decided by) a staff
 * member other than the one who proposed it.
 */
export const adjustmentProposalSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** Signed: "-25.00" is a debit. */
  amount: z.string(),
  currency: z.string(),
  reason: z.string(),
  status: z.enum(adjustmentProposalStatuses),
  /** Username of the staff member who proposed it (the maker). */
  proposedBy: z.string(),
  createdAt: z.string(),
  /** Username of the staff member who approved or rejected it (the checker). */
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** The ledger transaction, once approved and posted. */
  transactionId: z.string().nullable(),
});
export type AdjustmentProposal = z.infer<typeof adjustmentProposalSchema>;

/**
 * An adjustment is posted at once up to the brand's second-approval amount; above it, it becomes a proposal
 * another staff member must approve (four eyes).
 */
export const adjustmentResultSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('posted'),
    transactionId: z.string(),
    balanceBefore: z.string(),
    balanceAfter: z.string(),
  }),
  z.object({
    status: z.literal('pending_approval'),
    proposal: adjustmentProposalSchema,
    /** The brand's second-approval amount the adjustment is above. */
    secondApprovalAbove: z.string(),
  }),
]);
export type AdjustmentResult = z.infer<typeof adjustmentResultSchema>;
export const adjustmentResponseSchema = successEnvelope(adjustmentResultSchema);

export const adjustmentProposalQuerySchema = z.strictObject({
  status: z.enum(['pending', 'all']).default('pending'),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const adjustmentProposalParamsSchema = z.strictObject({ id: z.string().regex(/^\d{1,18}$/) });
export const approveProposalRequestSchema = z.strictObject({ note: z.string().trim().max(500).optional() });
export const rejectProposalRequestSchema = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export const adjustmentProposalResponseSchema = successEnvelope(adjustmentProposalSchema);
export const adjustmentProposalListResponseSchema = successEnvelope(
  z.object({ list: z.array(adjustmentProposalSchema), totalPages: z.number().int() }),
);

export const memberWalletParamsSchema = z.strictObject({ username: z.string().min(1).max(64) });
/** Operator: a member's funds and latest account records. */
export const memberWalletResponseSchema = successEnvelope(
  z.object({
    member: z.object({ id: z.string(), account: z.string(), realName: z.string().nullable() }),
    funds: consolidatedFundsSchema,
    turnoverRemaining: z.string(),
    records: z.array(transactionRecordSchema),
  }),
);

export const walletModes = ['single', 'transfer'] as const;
/** Operator: how the brand keeps players' money (one wallet, or a main wallet plus one per vendor). */
export const walletSettingsSchema = z.strictObject({
  mode: z.enum(walletModes),
  /** Vendors with a game wallet in transfer mode; ignored by single mode but kept. */
  transferVendors: z.array(vendorCodeSchema).max(100),
});
export type WalletSettings = z.infer<typeof walletSettingsSchema>;
/**
 * Operator: changes the wallet settings and, when given, the second-approval amount: a manual adjustment or a
 * withdrawal above it needs a second staff member's approval (four eyes). Absent, the amount is kept.
 */
export const updateWalletSettingsRequestSchema = walletSettingsSchema.extend({
  secondApprovalAbove: amountSchema.optional(),
});
export type UpdateWalletSettingsRequest = z.infer<typeof updateWalletSettingsRequestSchema>;
export const walletSettingsViewSchema = walletSettingsSchema.extend({
  currency: z.string(),
  secondApprovalAbove: z.string(),
});
export type WalletSettingsView = z.infer<typeof walletSettingsViewSchema>;
export const walletSettingsResponseSchema = successEnvelope(walletSettingsViewSchema);
