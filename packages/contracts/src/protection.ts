import { z } from 'zod';
import { successEnvelope } from './envelope';
import { amountSchema } from './wallet';

/**
 * Responsible gambling (player protection). Limits bind wherever a stake is written (the ledger refuses it, see
 * the server's protection module), so a vendor's callback, a house game and a batch of bets all obey them.
 */
export const playLimitKinds = ['deposit', 'loss', 'wager', 'session'] as const;
export type PlayLimitKind = (typeof playLimitKinds)[number];
export const playLimitPeriods = ['day', 'week', 'month'] as const;
export type PlayLimitPeriod = (typeof playLimitPeriods)[number];

/** An increase or a removal waits this long; a decrease binds at once. */
export const limitCoolingOffHours = 24;

/** A time-out lasts from one day to six weeks. */
export const timeOutDays = [1, 3, 7, 14, 28, 42] as const;
export const selfExclusionDurations = ['6m', '1y', '5y', 'permanent'] as const;
export type SelfExclusionDuration = (typeof selfExclusionDurations)[number];
export const exclusionKinds = ['time_out', 'self_exclusion'] as const;
export type ExclusionKind = (typeof exclusionKinds)[number];

/** How often the reality check may interrupt play, in minutes (null: never). */
export const realityCheckIntervals = [15, 30, 45, 60, 90, 120] as const;

/** Minutes for a session limit; an amount of money in the member's currency for the others. */
export const playLimitSchema = z.object({
  kind: z.enum(playLimitKinds),
  period: z.enum(playLimitPeriods),
  /** The limit in force now; null when only a pending one exists. */
  amount: z.string().nullable(),
  /** How much of the period is used (money, or minutes for a session limit). */
  used: z.string(),
  /** An increase or removal waiting for its cooling-off: the value it brings (null: removal) and when. */
  pending: z.object({ amount: z.string().nullable(), from: z.string() }).nullable(),
  /** When the current period ends (the next day, week or month in the brand's time zone). */
  resetsAt: z.string(),
});
export type PlayLimit = z.infer<typeof playLimitSchema>;

export const exclusionSchema = z.object({
  kind: z.enum(exclusionKinds),
  startedAt: z.string(),
  /** Null for a permanent self-exclusion. */
  endsAt: z.string().nullable(),
  /** A self-exclusion that has run out still binds until staff end it on request (with a reason). */
  awaitsReview: z.boolean(),
});
export type Exclusion = z.infer<typeof exclusionSchema>;

export const protectionStatusSchema = z.object({
  currency: z.string(),
  limits: z.array(playLimitSchema),
  exclusion: exclusionSchema.nullable(),
  realityCheckMinutes: z.number().int().nullable(),
});
export type ProtectionStatus = z.infer<typeof protectionStatusSchema>;
export const protectionStatusResponseSchema = successEnvelope(protectionStatusSchema);

/**
 * The member's current session for the reality check and the header: when they signed in, the net result of
 * their play since then (wins less stakes on their cash and bonus, negative when they are down) and how often
 * the reality check interrupts (null: never).
 */
export const protectionSessionSchema = z.object({
  startedAt: z.string(),
  currency: z.string(),
  netResult: z.string(),
  realityCheckMinutes: z.number().int().nullable(),
});
export type ProtectionSession = z.infer<typeof protectionSessionSchema>;
export const protectionSessionResponseSchema = successEnvelope(protectionSessionSchema);

/** Sets one limit; a null amount removes it (after the cooling-off). Session limits are whole minutes. */
export const setPlayLimitBodySchema = z
  .strictObject({
    kind: z.enum(playLimitKinds),
    period: z.enum(playLimitPeriods),
    amount: amountSchema.nullable(),
  })
  .refine((body) => body.kind !== 'session' || body.amount === null || /^\d+$/.test(body.amount), {
    message: 'A session limit is a whole number of minutes.',
    path: ['amount'],
  });
export type SetPlayLimitBody = z.infer<typeof setPlayLimitBodySchema>;

export const startTimeOutBodySchema = z.strictObject({
  days: z.union(timeOutDays.map((days) => z.literal(days))),
});
export type StartTimeOutBody = z.infer<typeof startTimeOutBodySchema>;

export const startSelfExclusionBodySchema = z.strictObject({
  duration: z.enum(selfExclusionDurations),
  /** The member types their password again: a self-exclusion cannot be undone by them. */
  password: z.string().min(1).max(200),
});
export type StartSelfExclusionBody = z.infer<typeof startSelfExclusionBodySchema>;

export const setRealityCheckBodySchema = z.strictObject({
  minutes: z.union(realityCheckIntervals.map((minutes) => z.literal(minutes))).nullable(),
});
export type SetRealityCheckBody = z.infer<typeof setRealityCheckBodySchema>;

/** Staff end an exclusion that has run out (never a permanent one), with the reason the audit keeps. */
export const endExclusionBodySchema = z.strictObject({ reason: z.string().trim().min(3).max(500) });
export type EndExclusionBody = z.infer<typeof endExclusionBodySchema>;

export const exclusionHistoryEntrySchema = exclusionSchema.extend({
  id: z.string(),
  duration: z.string(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
});
export const memberProtectionAdminSchema = protectionStatusSchema.extend({
  history: z.array(exclusionHistoryEntrySchema),
});
export type MemberProtectionAdmin = z.infer<typeof memberProtectionAdminSchema>;
export const memberProtectionAdminResponseSchema = successEnvelope(memberProtectionAdminSchema);
