import { z } from 'zod';
import { successEnvelope } from './envelope';
import { amountSchema } from './wallet';

export * from './crash-rules';

/** The crash game (mini games): rounds shared by every player, crash points from a published hash chain. */

export const crashPhases = ['BETTING', 'RUNNING', 'CRASHED', 'CANCELLED'] as const;
export type CrashPhase = (typeof crashPhases)[number];

export const crashBetStatuses = ['PLACED', 'CASHED', 'LOST', 'REFUNDED'] as const;
export type CrashBetStatus = (typeof crashBetStatuses)[number];

/** A multiplier on the wire: "2.35". */
const multiplierText = z.string().regex(/^\d{1,7}(\.\d{1,2})?$/);

/** The chain whose hashes the rounds use, published (its last hash) before its first round. */
export const crashChainSchema = z.object({
  chainId: z.string(),
  /** SHA-256 applied `length` times to the secret terminal seed: the commitment. */
  commitment: z.string(),
  salt: z.string(),
  houseEdgeBasisPoints: z.number().int(),
  length: z.number().int(),
});
export type CrashChain = z.infer<typeof crashChainSchema>;

export const crashRoundSchema = z.object({
  roundId: z.string(),
  chainId: z.string(),
  /** Round k of a chain uses the chain's hash number length − k (the commitment is number length). */
  chainIndex: z.number().int(),
  phase: z.enum(crashPhases),
  /** Bets close and the multiplier starts growing at this instant (server time). */
  startsAt: z.string(),
  /** Revealed when the round has ended, never before. */
  crashPoint: multiplierText.nullable(),
  hash: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type CrashRound = z.infer<typeof crashRoundSchema>;

export const crashPublicBetSchema = z.object({
  betId: z.string(),
  /** The account name masked as the winners board does (de***er). */
  player: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(crashBetStatuses),
  cashedOutAt: multiplierText.nullable(),
  payout: z.string().nullable(),
});

export const crashHistoryEntrySchema = z.object({
  roundId: z.string(),
  phase: z.enum(crashPhases),
  crashPoint: multiplierText,
  hash: z.string(),
  endedAt: z.string().nullable(),
});

/** What the event stream sends on every change and `GET /crash/state` answers. */
export const crashStateSchema = z.object({
  /** The server's clock when the state was read, so the site can correct its own. */
  serverTime: z.string(),
  growthPerMs: z.number(),
  round: crashRoundSchema.nullable(),
  bets: z.array(crashPublicBetSchema),
  history: z.array(crashHistoryEntrySchema),
  chain: crashChainSchema.nullable(),
});
export type CrashState = z.infer<typeof crashStateSchema>;
export const crashStateResponseSchema = successEnvelope(crashStateSchema);

export const placeCrashBetRequestSchema = z.strictObject({
  amount: amountSchema,
  /** Cash out automatically when the multiplier reaches this (1.01 or more); absent: cash out by hand. */
  autoCashOut: multiplierText.nullable().optional(),
});
export type PlaceCrashBetRequest = z.infer<typeof placeCrashBetRequestSchema>;

export const crashMyBetSchema = z.object({
  betId: z.string(),
  roundId: z.string(),
  amount: z.string(),
  currency: z.string(),
  autoCashOut: multiplierText.nullable(),
  status: z.enum(crashBetStatuses),
  cashedOutAt: multiplierText.nullable(),
  payout: z.string().nullable(),
});
export type CrashMyBet = z.infer<typeof crashMyBetSchema>;
export const crashMyBetResponseSchema = successEnvelope(crashMyBetSchema);
export const crashCurrentBetResponseSchema = successEnvelope(z.object({ bet: crashMyBetSchema.nullable() }));

/** Everything needed to check one ended round by hand, and the server's own check of it. */
export const crashVerificationSchema = z.object({
  roundId: z.string(),
  phase: z.enum(crashPhases),
  chain: crashChainSchema,
  chainIndex: z.number().int(),
  hash: z.string(),
  /** The previous round's hash, or the chain's commitment for its first round: sha256(hash) must equal it. */
  previousHash: z.string(),
  crashPoint: multiplierText,
  /** HMAC-SHA256(salt, hash) in hex, whose first 13 hex digits give the crash point. */
  digest: z.string(),
  linksToPrevious: z.boolean(),
  crashPointMatches: z.boolean(),
  formula: z.string(),
});
export type CrashVerification = z.infer<typeof crashVerificationSchema>;
export const crashVerificationResponseSchema = successEnvelope(crashVerificationSchema);
