import { z } from 'zod';
import { successEnvelope } from './envelope';
import { uploadIdSchema } from './uploads';

/** Feedback images: png or jpg of at most 5 MB each (the upload rules), at most 3 per feedback. */
export const feedbackImageLimit = 3;

/** Words as a reader sees them: runs of non-space characters. */
export const countWords = (text: string): number => text.split(/\s+/u).filter(Boolean).length;

/** The brand's word bounds for feedback (spec section 5: "between {0} and {1} words"). */
export const feedbackSettingSchema = z.object({
  minWords: z.number().int(),
  maxWords: z.number().int(),
  maxImages: z.number().int(),
});
export type FeedbackSetting = z.infer<typeof feedbackSettingSchema>;
export const feedbackSettingResponseSchema = successEnvelope(feedbackSettingSchema);

/** The images are uploaded first (`/member/uploads`, purpose feedback) and referenced here by id. */
export const feedbackBodySchema = z.strictObject({
  content: z.string().trim().min(1).max(20_000),
  imageIds: z.array(uploadIdSchema).max(20).default([]),
});
export type FeedbackBody = z.input<typeof feedbackBodySchema>;
export const feedbackResponseSchema = successEnvelope(z.object({ id: z.string() }));

export const feedbackEntrySchema = z.object({
  id: z.string(),
  brandId: z.string(),
  memberId: z.string(),
  account: z.string(),
  content: z.string(),
  imageIds: z.array(z.string()),
  createdAt: z.string(),
});
export const feedbackListQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const feedbackListResponseSchema = successEnvelope(
  z.object({ list: z.array(feedbackEntrySchema), totalPages: z.number().int() }),
);
