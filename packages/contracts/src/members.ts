import { z } from 'zod';
import { successEnvelope } from './envelope';

/** Which of a member's details the console's member search matches; `any` tries them all. */
export const memberSearchFields = ['any', 'username', 'phone', 'email', 'realName', 'id'] as const;
export type MemberSearchField = (typeof memberSearchFields)[number];

/**
 * The console's member search within the brand the request names. Username, email and real name match by
 * their start in any case; a phone number matches with or without its dialing code (digits only, "+", spaces
 * and dashes ignored); an id matches exactly.
 */
export const memberSearchQuerySchema = z.strictObject({
  q: z.string().trim().min(1).max(100),
  field: z.enum(memberSearchFields).default('any'),
});

/** A member as staff find them: what they need to tell members apart and answer them. */
export const memberSearchResultSchema = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  realName: z.string().nullable(),
  /** "+92 3001234567", or null without a mobile number. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** 0 member, 1/2/41/42 agent, 4 trial (spec section 3). */
  type: z.number().int(),
  status: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type MemberSearchResult = z.infer<typeof memberSearchResultSchema>;

/** The newest matches first, at most `limit`; `hasMore` when more matched. */
export const memberSearchResponseSchema = successEnvelope(
  z.object({ list: z.array(memberSearchResultSchema), hasMore: z.boolean() }),
);
