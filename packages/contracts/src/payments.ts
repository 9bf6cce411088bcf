import { z } from 'zod';
import { successEnvelope } from './envelope';
import { requirableKycTiers } from './kyc-rules';
import { amountSchema, paymentPasswordSchema, requestIdSchema } from './wallet';

export const channelMethods = ['bank_transfer', 'ewallet', 'gateway'] as const;
export type ChannelMethod = (typeof channelMethods)[number];
export const channelCodeSchema = z.string().regex(/^[A-Z0-9_]{2,32}$/);

export const channelInstructionsSchema = z.object({
  bankName: z.string().min(1).max(64),
  accountName: z.string().min(1).max(64),
  accountNumber: z.string().min(1).max(64),
  note: z.string().max(500).nullable(),
});

/** A deposit channel as the player sees it. Amounts are decimal strings of the channel's currency. */
export const depositChannelSchema = z.object({
  code: z.string(),
  method: z.enum(channelMethods),
  name: z.string(),
  currency: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  /** Where to send a manual transfer; null for a gateway. */
  instructions: channelInstructionsSchema.nullable(),
});
export type DepositChannel = z.infer<typeof depositChannelSchema>;
export const depositChannelsResponseSchema = successEnvelope(
  z.object({ list: z.array(depositChannelSchema) }),
);

export const depositStatuses = ['pending', 'credited', 'failed', 'rejected'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

export const createDepositRequestSchema = z.strictObject({
  channelCode: channelCodeSchema,
  amount: amountSchema,
  requestId: requestIdSchema,
  /** Manual channels: what the player wrote on the transfer (required there). */
  playerReference: z.string().trim().min(1).max(64).optional(),
  /** Manual channels: the slip, uploaded first through /member/uploads (purpose deposit_proof). */
  proofUploadId: z.uuid().optional(),
  /** The deposit bonus chosen with this deposit (one of /promotions/deposit-offers); none when absent. */
  promotionId: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});
export type CreateDepositRequest = z.infer<typeof createDepositRequestSchema>;

export const depositSchema = z.object({
  id: z.string(),
  channelCode: z.string(),
  channelName: z.string(),
  method: z.enum(channelMethods),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(depositStatuses),
  playerReference: z.string().nullable(),
  proofUploadId: z.string().nullable(),
  /** Gateway deposits: the gateway's page where the player pays (while pending). */
  paymentUrl: z.string().nullable(),
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;
export const depositResponseSchema = successEnvelope(depositSchema);
export const pageQuerySchema = z.strictObject({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export const depositListResponseSchema = successEnvelope(
  z.object({ list: z.array(depositSchema), totalPages: z.number().int() }),
);
export const idParamsSchema = z.strictObject({ id: z.string().regex(/^\d{1,18}$/) });

/**
 * The signed notice a gateway posts when a payment ends. The body is signed as it is sent: the header
 * `x-signature` is hex HMAC-SHA256 of the raw body with the channel's secret.
 */
export const gatewayCallbackSchema = z.strictObject({
  merchantId: z.string().min(1).max(64),
  /** Our deposit id. */
  orderId: z.string().regex(/^\d{1,18}$/),
  gatewayOrderId: z.string().min(1).max(64),
  amount: amountSchema,
  currency: z.string().regex(/^[A-Z]{3}$/),
  status: z.enum(['paid', 'failed']),
  /** When the gateway decided, ISO 8601. */
  completedAt: z.string().max(40),
});
export type GatewayCallback = z.infer<typeof gatewayCallbackSchema>;
export const gatewaySignatureHeader = 'x-signature';
export const gatewayCallbackResponseSchema = successEnvelope(z.object({ status: z.enum(depositStatuses) }));

export const payoutMethods = ['bank', 'ewallet'] as const;
export const payoutAccountSchema = z.object({
  id: z.string(),
  method: z.enum(payoutMethods),
  providerName: z.string(),
  /** Masked except the last four characters. */
  accountNumber: z.string(),
  holderName: z.string(),
  createdAt: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;
export const payoutAccountListResponseSchema = successEnvelope(
  z.object({ list: z.array(payoutAccountSchema), realName: z.string().nullable() }),
);
/**
 * The holder must be the member: equal to their real name (payeeName), ignoring case and repeated spaces.
 * A member without a real name sets it with their first payout account.
 */
export const createPayoutAccountRequestSchema = z.strictObject({
  method: z.enum(payoutMethods),
  providerName: z.string().trim().min(2).max(64),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z-]{4,34}$/, 'letters, digits and -, 4 to 34'),
  holderName: z.string().trim().min(2).max(64),
  paymentPassword: paymentPasswordSchema,
});
export const payoutAccountResponseSchema = successEnvelope(payoutAccountSchema);

/** What the withdraw page needs to show before the player asks. */
export const withdrawalOverviewSchema = z.object({
  currency: z.string(),
  currencySymbol: z.string(),
  balance: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  dailyMaxAmount: z.string(),
  dailyMaxCount: z.number().int(),
  usedTodayAmount: z.string(),
  usedTodayCount: z.number().int(),
  /** Valid bets still needed before a withdrawal; "0.00" when met. */
  turnoverRemaining: z.string(),
  hasPaymentPassword: z.boolean(),
  realName: z.string().nullable(),
  confirmationMinutes: z.number().int(),
  /** The member's active wagering bonus: a withdrawal forfeits it, so the page warns first. */
  activeBonus: z.object({ title: z.string(), balance: z.string() }).nullable(),
});
export const withdrawalOverviewResponseSchema = successEnvelope(withdrawalOverviewSchema);

export const createWithdrawalRequestSchema = z.strictObject({
  payoutAccountId: z.string().regex(/^\d{1,18}$/),
  amount: amountSchema,
  paymentPassword: paymentPasswordSchema,
  requestId: requestIdSchema,
  /** The member confirmed the warning that withdrawing forfeits their active bonus (else BONUS_FORFEIT_REQUIRED). */
  forfeitBonus: z.boolean().default(false),
});

export const withdrawalStatuses = ['pending', 'approved', 'rejected'] as const;
/**
 * The player's side of an approved withdrawal (spec section 4): awaiting until they answer; received (all or
 * part), not received (with proof), fully paid; auto_received once the confirmation minutes pass unanswered.
 * not_applicable while pending or when rejected.
 */
export const confirmationStates = [
  'not_applicable',
  'awaiting',
  'received',
  'not_received',
  'fully_paid',
  'auto_received',
] as const;
export type ConfirmationState = (typeof confirmationStates)[number];
export const withdrawalSchema = z.object({
  id: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(withdrawalStatuses),
  payoutAccount: payoutAccountSchema.omit({ id: true, createdAt: true }),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewNote: z.string().nullable(),
  confirmation: z.object({
    state: z.enum(confirmationStates),
    receivedAmount: z.string().nullable(),
    remainingAmount: z.string().nullable(),
    /** Until when the player can answer (approved and not yet final). */
    deadline: z.string().nullable(),
    proofUploadId: z.string().nullable(),
  }),
  /**
   * The verification tier (KYC) this pending withdrawal waits for before staff review it: it passed the brand's
   * single or cumulative threshold while the member's tier was lower. Its money stays held meanwhile; null when
   * it does not wait (never held, or released once the member reached the tier).
   */
  awaitingKycTier: z.enum(requirableKycTiers).nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalResponseSchema = successEnvelope(withdrawalSchema);
export const withdrawalListResponseSchema = successEnvelope(
  z.object({ list: z.array(withdrawalSchema), totalPages: z.number().int() }),
);
export const withdrawalConfirmationOutcomes = ['received', 'not_received', 'fully_paid'] as const;
export const confirmWithdrawalRequestSchema = z.strictObject({
  outcome: z.enum(withdrawalConfirmationOutcomes),
  /** received: how much arrived (the whole amount when absent). */
  receivedAmount: amountSchema.optional(),
  /** not_received: the proof (uploaded with purpose withdrawal_proof); required there. */
  proofUploadId: z.uuid().optional(),
});

/** Set the payment password (needs the login password) or change it (needs the old payment password too). */
export const setPaymentPasswordRequestSchema = z.strictObject({
  loginPassword: z.string().min(1).max(128),
  oldPaymentPassword: paymentPasswordSchema.optional(),
  newPaymentPassword: paymentPasswordSchema,
});

// ---- Operator ----

const reviewedMemberSchema = z.object({
  id: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
});
export const staffDepositSchema = depositSchema.extend({ member: reviewedMemberSchema });
export const staffWithdrawalSchema = withdrawalSchema.extend({
  member: reviewedMemberSchema,
  /**
   * Whether payoutAccount.accountNumber is the whole number: for the staff who pay withdrawals out (finance
   * and admins, who may approve them) it is, so they know where to pay; support staff see it masked.
   */
  payoutAccountRevealed: z.boolean(),
  /** The member's turnover still to bet when the list was read, for the reviewer. */
  turnoverRemaining: z.string(),
  /** 2 when the amount is above the brand's second-approval amount (four eyes), else 1. */
  approvalsRequired: z.number().int(),
  /** The first of two approvals: the withdrawal waits for another staff member's. */
  firstApproval: z.object({ staff: z.string(), note: z.string().nullable(), at: z.string() }).nullable(),
});
export const reviewStatusQuerySchema = z.strictObject({
  status: z.enum(['pending', 'all']).default('pending'),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
/**
 * The withdrawal queue: also the ones approved once, awaiting a second staff member (four eyes), and the ones
 * waiting for the member's identity verification (KYC), which the pending queue leaves out until released.
 */
export const withdrawalReviewQuerySchema = reviewStatusQuerySchema.extend({
  status: z.enum(['pending', 'awaiting_second_approval', 'awaiting_verification', 'all']).default('pending'),
});
export type WithdrawalReviewStatus = z.infer<typeof withdrawalReviewQuerySchema>['status'];
export const staffDepositListResponseSchema = successEnvelope(
  z.object({ list: z.array(staffDepositSchema), totalPages: z.number().int() }),
);
export const staffWithdrawalListResponseSchema = successEnvelope(
  z.object({ list: z.array(staffWithdrawalSchema), totalPages: z.number().int() }),
);
export const approveRequestSchema = z.strictObject({ note: z.string().trim().max(500).optional() });
export const rejectRequestSchema = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export const staffDepositResponseSchema = successEnvelope(staffDepositSchema);
export const staffWithdrawalResponseSchema = successEnvelope(staffWithdrawalSchema);

/** Operator view of a channel: the gateway secret is write-only (shown as whether it is set). */
export const staffChannelSchema = depositChannelSchema.extend({
  isEnabled: z.boolean(),
  sortOrder: z.number().int(),
  turnoverPercent: z.number().int(),
  gateway: z
    .object({
      provider: z.literal('sandbox'),
      merchantId: z.string(),
      baseUrl: z.string().nullable(),
      hasSecret: z.boolean(),
      /**
       * The sandbox gateway started beside the platform (no baseUrl): a test channel whose payments are
       * pretend; off in production unless SANDBOX_GATEWAY_ENABLED=true, and its notices refused while it is off.
       */
      usesSandbox: z.boolean(),
    })
    .nullable(),
});
export const staffChannelListResponseSchema = successEnvelope(
  z.object({ list: z.array(staffChannelSchema) }),
);
export const upsertChannelRequestSchema = z.strictObject({
  code: channelCodeSchema,
  method: z.enum(channelMethods),
  name: z.string().trim().min(1).max(64),
  currency: z.string().regex(/^[A-Z]{3}$/),
  minAmount: amountSchema,
  maxAmount: amountSchema,
  isEnabled: z.boolean(),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
  turnoverPercent: z.number().int().min(0).max(10_000).default(100),
  instructions: channelInstructionsSchema.nullable().default(null),
  gateway: z
    .strictObject({
      provider: z.literal('sandbox'),
      merchantId: z.string().min(1).max(64),
      baseUrl: z.url().max(512).nullable(),
      /** Absent keeps the stored secret. */
      secret: z.string().min(16).max(256).optional(),
    })
    .nullable()
    .default(null),
});
export const staffChannelResponseSchema = successEnvelope(staffChannelSchema);

export const paymentSettingsSchema = z.object({
  currency: z.string(),
  withdrawalMin: z.string(),
  withdrawalMax: z.string(),
  withdrawalDailyMaxAmount: z.string(),
  withdrawalDailyMaxCount: z.number().int(),
  confirmationMinutes: z.number().int(),
});
export const paymentSettingsResponseSchema = successEnvelope(paymentSettingsSchema);
export const updatePaymentSettingsRequestSchema = z.strictObject({
  withdrawalMin: amountSchema,
  withdrawalMax: amountSchema,
  withdrawalDailyMaxAmount: amountSchema,
  withdrawalDailyMaxCount: z.number().int().min(1).max(1000),
  confirmationMinutes: z.number().int().min(1).max(100_000),
});
