import { z } from 'zod';
import { successEnvelope } from './envelope';

/**
 * Member images (deposit slips, withdrawal disputes, feedback, identity documents): png or jpg, judged by
 * content, at most 5 MB.
 */
export const uploadLimits = { maxBytes: 5 * 1024 * 1024, contentTypes: ['image/png', 'image/jpeg'] } as const;

export const uploadPurposeSchema = z.enum([
  'deposit_proof',
  'withdrawal_proof',
  'feedback',
  'kyc_document',
  'chat_image',
]);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;

/** Staff images (a promotion's picture, a game's): png, jpg or webp, judged by content, at most 5 MB. */
export const staffUploadLimits = {
  maxBytes: 5 * 1024 * 1024,
  contentTypes: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

/** What staff upload for; not open to members, whose route only takes `uploadPurposeSchema`. */
export const staffUploadPurposeSchema = z.enum(['promotion_image', 'game_image']);
export type StaffUploadPurpose = z.infer<typeof staffUploadPurposeSchema>;

export const uploadIdSchema = z.uuid();
export const uploadParamsSchema = z.strictObject({ id: uploadIdSchema });

export const uploadSchema = z.object({
  id: z.string(),
  contentType: z.enum(staffUploadLimits.contentTypes),
  byteSize: z.number().int(),
});
export const uploadResponseSchema = successEnvelope(uploadSchema);
