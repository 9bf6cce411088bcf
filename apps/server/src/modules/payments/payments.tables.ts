import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { requirableKycTiers } from '@wps/contracts/kyc-rules';
import { members } from '../members/members.tables';
import { promotions } from '../promotions/promotions.tables';
import { brands } from '../site/site.tables';
import { currencies, ledgerHolds } from '../wallet/wallet.tables';

export const channelMethods = ['bank_transfer', 'ewallet', 'gateway'] as const;
export type ChannelMethod = (typeof channelMethods)[number];

/** Where a manual deposit is sent: shown to the player beside the form. */
export type ChannelInstructions = {
  bankName: string;
  accountName: string;
  accountNumber: string;
  note: string | null;
};

/** How the platform reaches a payment gateway; the secret signs both ways and is never shown again. */
export type GatewaySettings = {
  provider: 'sandbox';
  merchantId: string;
  secret: string;
  /** The gateway's API; null means the sandbox gateway that runs beside the platform. */
  baseUrl: string | null;
};

/**
 * A way to deposit that the operator configured: a manual bank transfer or e-wallet (credited when staff
 * approve), or a payment gateway (credited by its signed callback). Amounts in minor units of `currency`.
 */
export const paymentChannels = pgTable(
  'payment_channels',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    code: text('code').notNull(),
    method: text('method', { enum: channelMethods }).notNull(),
    name: text('name').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    instructions: jsonb('instructions').$type<ChannelInstructions | null>(),
    gateway: jsonb('gateway').$type<GatewaySettings | null>(),
    /** A credited deposit adds amount × this / 100 to the member's wagering requirement. */
    turnoverPercent: integer('turnover_percent').notNull().default(100),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_channels_brand_code_key').on(table.brandId, table.code),
    check('payment_channels_code_check', sql`${table.code} ~ '^[A-Z0-9_]{2,32}$'`),
    check('payment_channels_method_check', sql`${table.method} in ('bank_transfer', 'ewallet', 'gateway')`),
    check(
      'payment_channels_limits_check',
      sql`${table.minAmount} > 0 and ${table.minAmount} <= ${table.maxAmount}`,
    ),
    check('payment_channels_turnover_check', sql`${table.turnoverPercent} between 0 and 10000`),
    check(
      'payment_channels_method_settings_check',
      sql`(${table.method} = 'gateway') = (${table.gateway} is not null)`,
    ),
  ],
);

/** A brand's withdrawal rules; one row per brand (defaults apply until an operator saves them). */
export const brandPaymentSettings = pgTable(
  'brand_payment_settings',
  {
    brandId: bigint('brand_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => brands.id),
    withdrawalMin: bigint('withdrawal_min', { mode: 'bigint' }).notNull(),
    withdrawalMax: bigint('withdrawal_max', { mode: 'bigint' }).notNull(),
    /** Per day in the brand's time zone. */
    withdrawalDailyMaxAmount: bigint('withdrawal_daily_max_amount', { mode: 'bigint' }).notNull(),
    withdrawalDailyMaxCount: integer('withdrawal_daily_max_count').notNull(),
    /** An approved withdrawal the player has not confirmed counts as received after this many minutes. */
    confirmationMinutes: integer('confirmation_minutes').notNull().default(60),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'brand_payment_settings_limits_check',
      sql`${table.withdrawalMin} > 0 and ${table.withdrawalMin} <= ${table.withdrawalMax}
        and ${table.withdrawalDailyMaxAmount} > 0 and ${table.withdrawalDailyMaxCount} > 0`,
    ),
    check(
      'brand_payment_settings_confirmation_check',
      sql`${table.confirmationMinutes} between 1 and 100000`,
    ),
  ],
);

export const depositStatuses = ['pending', 'credited', 'failed', 'rejected'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

/**
 * A player's deposit: pending until staff approve it (manual) or the gateway confirms it (signed callback),
 * then credited exactly once (the ledger key is `deposit:<id>`), or failed / rejected.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    channelId: bigint('channel_id', { mode: 'bigint' })
      .notNull()
      .references(() => paymentChannels.id),
    /** The site's id for the submission, so a repeated submit answers the same deposit. */
    requestKey: text('request_key').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: depositStatuses }).notNull().default('pending'),
    /** What the player wrote on the transfer (manual channels). */
    playerReference: text('player_reference'),
    proofUploadId: uuid('proof_upload_id'),
    /** The gateway's own id of the payment and the page the player pays on. */
    gatewayOrderId: text('gateway_order_id'),
    paymentUrl: text('payment_url'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }),
    reviewedByStaffId: bigint('reviewed_by_staff_id', { mode: 'bigint' }),
    reviewNote: text('review_note'),
    /** The deposit bonus the member chose with this deposit; granted (or refused) when it is credited. */
    promotionId: bigint('promotion_id', { mode: 'bigint' }).references(() => promotions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('deposits_member_request_key').on(table.memberId, table.requestKey),
    index('deposits_brand_status_idx').on(table.brandId, table.status, table.id),
    index('deposits_member_idx').on(table.memberId, table.id),
    check('deposits_amount_positive', sql`${table.amount} > 0`),
    check('deposits_status_check', sql`${table.status} in ('pending', 'credited', 'failed', 'rejected')`),
    check(
      'deposits_credited_check',
      sql`(${table.status} = 'credited') = (${table.ledgerTransactionId} is not null)`,
    ),
  ],
);

export const payoutMethods = ['bank', 'ewallet'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

/** Where a member's withdrawals are paid; the holder must be the member (their real name). */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    method: text('method', { enum: payoutMethods }).notNull(),
    providerName: text('provider_name').notNull(),
    accountNumber: text('account_number').notNull(),
    holderName: text('holder_name').notNull(),
    /** Removed accounts stay for the withdrawals that were paid to them. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payout_accounts_member_idx').on(table.memberId),
    // Members sharing an account number, and the console's member search by it (migration 0057).
    index('payout_accounts_brand_number_idx').on(table.brandId, table.accountNumber),
    uniqueIndex('payout_accounts_member_number_key')
      .on(table.memberId, table.method, table.providerName, table.accountNumber)
      .where(sql`${table.removedAt} is null`),
    check('payout_accounts_method_check', sql`${table.method} in ('bank', 'ewallet')`),
  ],
);

export const withdrawalStatuses = ['pending', 'approved', 'rejected'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];
export const withdrawalConfirmations = ['received', 'not_received', 'fully_paid'] as const;
export type WithdrawalConfirmation = (typeof withdrawalConfirmations)[number];

/**
 * A withdrawal: the amount is held from the member's cash when requested (ledger hold), then posted to the
 * payment clearing account when staff approve, or voided back when they reject; exactly one of the two.
 * After approval the player confirms receipt (spec section 4); unconfirmed it counts as received after the
 * brand's confirmation minutes.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    requestKey: text('request_key').notNull(),
    payoutAccountId: bigint('payout_account_id', { mode: 'bigint' })
      .notNull()
      .references(() => payoutAccounts.id),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: withdrawalStatuses }).notNull().default('pending'),
    holdId: bigint('hold_id', { mode: 'bigint' })
      .notNull()
      .unique('withdrawals_hold_key')
      .references(() => ledgerHolds.id),
    reviewedByStaffId: bigint('reviewed_by_staff_id', { mode: 'bigint' }),
    reviewNote: text('review_note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /**
     * Four eyes: above the brand's second-approval amount the first approval is recorded here and the
     * withdrawal stays pending until another staff member approves it (the database refuses the same one).
     */
    firstApprovedByStaffId: bigint('first_approved_by_staff_id', { mode: 'bigint' }),
    /** The first approver's username, as the console shows it. */
    firstApprovedBy: text('first_approved_by'),
    firstApprovalNote: text('first_approval_note'),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    confirmation: text('confirmation', { enum: withdrawalConfirmations }),
    receivedAmount: bigint('received_amount', { mode: 'bigint' }),
    confirmationProofUploadId: uuid('confirmation_proof_upload_id'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * KYC (migration 0064): above the brand's thresholds, asked for below the tier it requires, the withdrawal
     * waits for that tier (its money held, still pending) until `kycReleasedAt`; staff cannot approve it before.
     */
    kycRequiredTier: text('kyc_required_tier', { enum: requirableKycTiers }),
    kycReleasedAt: timestamp('kyc_released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('withdrawals_member_request_key').on(table.memberId, table.requestKey),
    index('withdrawals_brand_awaiting_kyc_idx')
      .on(table.brandId, table.id)
      .where(
        sql`${table.kycRequiredTier} is not null and ${table.kycReleasedAt} is null and ${table.status} = 'pending'`,
      ),
    check('withdrawals_kyc_required_tier_check', sql`${table.kycRequiredTier} in ('basic', 'verified')`),
    check(
      'withdrawals_kyc_release_check',
      sql`${table.kycReleasedAt} is null or ${table.kycRequiredTier} is not null`,
    ),
    index('withdrawals_brand_status_idx').on(table.brandId, table.status, table.id),
    index('withdrawals_member_idx').on(table.memberId, table.createdAt),
    check('withdrawals_amount_positive', sql`${table.amount} > 0`),
    check('withdrawals_status_check', sql`${table.status} in ('pending', 'approved', 'rejected')`),
    check(
      'withdrawals_confirmation_check',
      sql`${table.confirmation} is null or (${table.status} = 'approved'
        and ${table.confirmation} in ('received', 'not_received', 'fully_paid'))`,
    ),
    check(
      'withdrawals_received_check',
      sql`${table.receivedAmount} is null or ${table.receivedAmount} between 0 and ${table.amount}`,
    ),
    check(
      'withdrawals_four_eyes_check',
      sql`${table.firstApprovedByStaffId} is null or ${table.status} <> 'approved'
        or ${table.reviewedByStaffId} <> ${table.firstApprovedByStaffId}`,
    ),
  ],
);
