import { z } from 'zod';
import { successEnvelope } from './envelope';
import { kycDocumentKinds, kycDocumentStatuses, kycTiers, requirableKycTiers } from './kyc-rules';
import { amountSchema } from './wallet';

export * from './kyc-rules';

/**
 * Identity verification (KYC, issue 26 item 4): members upload documents from the member centre, staff review
 * them in the console, and the approved ones set the member's tier (kyc-rules.ts). Above a brand's thresholds a
 * withdrawal waits for the tier the brand requires before staff review it.
 */

const idSchema = z.string().regex(/^[1-9]\d{0,17}$/);
export const kycDocumentParamsSchema = z.strictObject({ id: idSchema });

/** A document as its member sees it. */
export const memberKycDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(kycDocumentKinds),
  status: z.enum(kycDocumentStatuses),
  /** The member's own upload (GET /wps/member/uploads/:id). */
  uploadId: z.string(),
  /** Why staff refused it, for the member to upload a better one. */
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type MemberKycDocument = z.infer<typeof memberKycDocumentSchema>;

/**
 * When a withdrawal waits for verification: above `singleThreshold` (one withdrawal), or when the member's paid
 * and pending withdrawals with it pass `cumulativeThreshold`; null turns a threshold off. Amounts are decimal
 * strings of the brand's currency.
 */
export const kycWithdrawalRuleSchema = z.object({
  currency: z.string(),
  requiredTier: z.enum(requirableKycTiers),
  singleThreshold: z.string().nullable(),
  cumulativeThreshold: z.string().nullable(),
});
export type KycWithdrawalRule = z.infer<typeof kycWithdrawalRuleSchema>;

/** GET /wps/member/kyc: the member's tier, their documents (newest first) and the brand's withdrawal rule. */
export const kycStatusSchema = z.object({
  tier: z.enum(kycTiers),
  documents: z.array(memberKycDocumentSchema),
  withdrawalRule: kycWithdrawalRuleSchema,
});
export type KycStatus = z.infer<typeof kycStatusSchema>;
export const kycStatusResponseSchema = successEnvelope(kycStatusSchema);

/**
 * POST /wps/member/kyc/documents: a document the member uploaded first through /member/uploads (purpose
 * kyc_document). One of each kind waits for review at a time.
 */
export const submitKycDocumentRequestSchema = z.strictObject({
  kind: z.enum(kycDocumentKinds),
  uploadId: z.uuid(),
});
export type SubmitKycDocumentRequest = z.infer<typeof submitKycDocumentRequestSchema>;
export const memberKycDocumentResponseSchema = successEnvelope(memberKycDocumentSchema);

// ---- Operator ----

/** A document in the console's review queue, with who sent it and where they stand. */
export const staffKycDocumentSchema = memberKycDocumentSchema.extend({
  member: z.object({
    id: z.string(),
    account: z.string(),
    realName: z.string().nullable(),
    /** The date of birth given at registration (yyyy-MM-dd), to compare with the document. */
    birthday: z.string().nullable(),
    idNumber: z.string().nullable(),
    tier: z.enum(kycTiers),
  }),
  reviewedBy: z.string().nullable(),
  reviewNote: z.string().nullable(),
});
export type StaffKycDocument = z.infer<typeof staffKycDocumentSchema>;

export const kycDocumentQuerySchema = z.strictObject({
  /** The queue (pending, oldest first) or every document (newest first). */
  status: z.enum(['pending', 'all']).default('pending'),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type KycDocumentQuery = z.infer<typeof kycDocumentQuerySchema>;

export const staffKycDocumentListResponseSchema = successEnvelope(
  z.object({ list: z.array(staffKycDocumentSchema), totalPages: z.number().int() }),
);
export const staffKycDocumentResponseSchema = successEnvelope(staffKycDocumentSchema);
export const approveKycDocumentRequestSchema = z.strictObject({
  note: z.string().trim().max(500).optional(),
});
export const rejectKycDocumentRequestSchema = z.strictObject({
  reason: z.string().trim().min(1).max(500),
});

/** The brand's withdrawal rule as the console edits it; `isDefault`: the brand saved none of its own. */
export const kycSettingsSchema = kycWithdrawalRuleSchema.extend({ isDefault: z.boolean() });
export type KycSettings = z.infer<typeof kycSettingsSchema>;
export const kycSettingsResponseSchema = successEnvelope(kycSettingsSchema);
export const kycSettingsBodySchema = z.strictObject({
  requiredTier: z.enum(requirableKycTiers),
  singleThreshold: amountSchema.nullable(),
  cumulativeThreshold: amountSchema.nullable(),
});
export type KycSettingsBody = z.infer<typeof kycSettingsBodySchema>;
