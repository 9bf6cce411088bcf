import { z } from 'zod';
import { successEnvelope } from './envelope';

/** Member images (deposit slips, withdrawal disputes, feedback): png or jpg, judged by content, at most 5 MB. */
export const uploadLimits = { maxBytes: 5 * 1024 * 1024, contentTypes: ['image/png', 'image/jpeg'] } as const;

export const uploadPurposeSchema = z.enum(['deposit_proof', 'withdrawal_proof', 'feedback']);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;

export const uploadIdSchema = z.uuid();
export const uploadParamsSchema = z.strictObject({ id: uploadIdSchema });

export const uploadSchema = z.object({
  id: z.string(),
  contentType: z.enum(uploadLimits.contentTypes),
  byteSize: z.number().int(),
});
export const uploadResponseSchema = successEnvelope(uploadSchema);
