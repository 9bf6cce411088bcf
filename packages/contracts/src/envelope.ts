import { z } from 'zod';
import { errorCodes } from './errors';

/** A field-level problem reported with VALIDATION_FAILED. */
export const fieldIssueSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** Every successful `/wps` answer: `{ success: true, value, message }`. */
export const successEnvelope = <T extends z.ZodType>(value: T) =>
  z.object({
    success: z.literal(true),
    value,
    message: z.string(),
  });

/** Every failed `/wps` answer: `{ success: false, value, message, code }`. */
export const failureEnvelopeSchema = z.object({
  success: z.literal(false),
  /** Null, or details: field issues, and flags such as `captcha` (a failed login now needs the captcha). */
  value: z.union([
    z.null(),
    z.object({ issues: z.array(fieldIssueSchema).optional(), captcha: z.boolean().optional() }).loose(),
  ]),
  message: z.string(),
  code: z.enum(errorCodes),
});
export type FailureEnvelope = z.infer<typeof failureEnvelopeSchema>;

export type SuccessEnvelope<T> = { success: true; value: T; message: string };
export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;

/**
 * The `value` of a success envelope schema's answer. The site asks `apiRequest` for this type instead of
 * passing the schema: the server already checked the answer against it, and the site keeps zod out of its
 * first load.
 */
export type ResponseValue<S extends z.ZodType<SuccessEnvelope<unknown>>> = z.output<S>['value'];
