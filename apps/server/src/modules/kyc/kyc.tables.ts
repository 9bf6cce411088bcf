import { kycDocumentKinds, kycDocumentStatuses, requirableKycTiers } from '@wps/contracts/kyc-rules';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';
import { uploads } from '../uploads/uploads.tables';

/**
 * Age and identity (migration 0064): members' identity documents and staff's decisions on them, and each brand's
 * rule for withdrawals that wait for verification. A member's tier follows from their approved documents.
 */

/** A brand's rule; without a row the brand uses the defaults (kyc.service.ts). Minor units of its currency. */
export const kycSettings = pgTable(
  'kyc_settings',
  {
    brandId: bigint('brand_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => brands.id),
    requiredTier: text('required_tier', { enum: requirableKycTiers }).notNull(),
    /** A single withdrawal above this waits for the tier; null: no single threshold. */
    singleThreshold: bigint('single_threshold', { mode: 'bigint' }),
    /** The member's paid and pending withdrawals passing this wait for the tier; null: no cumulative threshold. */
    cumulativeThreshold: bigint('cumulative_threshold', { mode: 'bigint' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('kyc_settings_required_tier_check', sql`${table.requiredTier} in ('basic', 'verified')`),
    check('kyc_settings_single_threshold_check', sql`${table.singleThreshold} > 0`),
    check('kyc_settings_cumulative_threshold_check', sql`${table.cumulativeThreshold} > 0`),
  ],
);

/** A document a member uploaded (an upload of purpose kyc_document), pending until staff decide. */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    kind: text('kind', { enum: kycDocumentKinds }).notNull(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id),
    status: text('status', { enum: kycDocumentStatuses }).notNull().default('pending'),
    /** Why staff refused it; the member reads it. */
    rejectReason: text('reject_reason'),
    reviewNote: text('review_note'),
    reviewedByStaffId: bigint('reviewed_by_staff_id', { mode: 'bigint' }),
    /** The reviewer's username, as the console shows it. */
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('kyc_documents_pending_kind_key')
      .on(table.memberId, table.kind)
      .where(sql`${table.status} = 'pending'`),
    uniqueIndex('kyc_documents_upload_key').on(table.uploadId),
    index('kyc_documents_member_idx').on(table.memberId, table.id),
    index('kyc_documents_brand_idx').on(table.brandId, table.id),
    index('kyc_documents_brand_pending_idx')
      .on(table.brandId, table.id)
      .where(sql`${table.status} = 'pending'`),
    check('kyc_documents_kind_check', sql`${table.kind} in ('identity', 'address', 'payment_method')`),
    check('kyc_documents_status_check', sql`${table.status} in ('pending', 'approved', 'rejected')`),
    check(
      'kyc_documents_reason_check',
      sql`(${table.status} = 'rejected') = (${table.rejectReason} is not null)`,
    ),
    check('kyc_documents_review_check', sql`(${table.status} = 'pending') = (${table.reviewedAt} is null)`),
  ],
);
