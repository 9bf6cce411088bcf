import { z } from 'zod';
import { successEnvelope } from './envelope';
import { amountSchema } from './wallet';

/**
 * The house fishing game: the player fires bullets at fish swimming by; every bullet that hits is a shot the
 * server decides from the member's seed pair and a nonce (the fish dies with probability RTP ÷ multiplier and
 * pays cost × multiplier). A session is one round in the betting record: shots arrive in batches (one ledger
 * bet posting and, when something died, one win posting per batch), and closing the session writes the round.
 * Amounts are decimal strings in the brand's currency.
 */

export const fishingRoomCodes = ['shallows', 'reef', 'deep'] as const;
export type FishingRoomCode = (typeof fishingRoomCodes)[number];

/** A client's id for a batch or a shot: letters, digits, _ and - (a UUID fits). */
export const fishingClientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
/** A session id (a database id). */
const sessionIdSchema = z.string().regex(/^[1-9]\d{0,18}$/);

export const fishKindSchema = z.object({
  code: z.string(),
  name: z.string(),
  multiplier: z.number().int(),
  boss: z.boolean(),
  /** How often the kind swims by relative to the others (the scene's mix; the RTP does not depend on it). */
  spawnWeight: z.number().int(),
});
export type FishKindView = z.infer<typeof fishKindSchema>;

export const fishingRoomSchema = z.object({
  code: z.enum(fishingRoomCodes),
  /** The stakes a bullet may use; a bullet costs stake × power. */
  stakes: z.array(z.string()),
  /** The fish of this room (shots may only name these). */
  fish: z.array(fishKindSchema),
  rtpBasisPoints: z.number().int(),
});
export type FishingRoom = z.infer<typeof fishingRoomSchema>;

export const fishingRoomsSchema = z.object({
  currency: z.string(),
  rooms: z.array(fishingRoomSchema),
  powers: z.array(z.number().int()),
  /** At most this many shots per batch, and per second for a player (with `burst` shots held in reserve). */
  maxShotsPerBatch: z.number().int(),
  shotsPerSecond: z.number().int(),
  burst: z.number().int(),
  formula: z.string(),
});
export type FishingRooms = z.infer<typeof fishingRoomsSchema>;
export const fishingRoomsResponseSchema = successEnvelope(fishingRoomsSchema);

export const fishingSessionStatuses = ['OPEN', 'CLOSED'] as const;

export const fishingSeedsSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nextNonce: z.number().int(),
});

export const fishingSessionSchema = z.object({
  sessionId: z.string(),
  room: z.enum(fishingRoomCodes),
  status: z.enum(fishingSessionStatuses),
  currency: z.string(),
  shots: z.number().int(),
  staked: z.string(),
  won: z.string(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /** The betting record's round, once the session is closed with at least one shot. */
  roundId: z.string().nullable(),
  seeds: fishingSeedsSchema,
  /** The member's playable balance (cash and an active bonus's balance). */
  balance: z.string(),
});
export type FishingSession = z.infer<typeof fishingSessionSchema>;
export const fishingSessionResponseSchema = successEnvelope(fishingSessionSchema);

export const openFishingSessionRequestSchema = z.strictObject({ room: z.enum(fishingRoomCodes) });
export type OpenFishingSessionRequest = z.infer<typeof openFishingSessionRequestSchema>;

export const fishingSessionParamsSchema = z.object({ sessionId: sessionIdSchema });
export const fishingShotParamsSchema = z.object({
  sessionId: sessionIdSchema,
  shotId: fishingClientIdSchema,
});

export const fishingShotRequestSchema = z.strictObject({
  shotId: fishingClientIdSchema,
  /** The kind of fish the bullet hit (a code of the room's fish). */
  fish: z.string().min(1).max(32),
  power: z.number().int().min(1).max(10),
  stake: amountSchema,
});
export type FishingShotRequest = z.infer<typeof fishingShotRequestSchema>;

export const maxFishingShotsPerBatch = 20;

export const fishingBatchRequestSchema = z.strictObject({
  /** The client's id of the batch: sending it again answers the first result and moves nothing. */
  batchId: fishingClientIdSchema,
  shots: z.array(fishingShotRequestSchema).min(1).max(maxFishingShotsPerBatch),
});
export type FishingBatchRequest = z.infer<typeof fishingBatchRequestSchema>;

export const fishingShotResultSchema = z.object({
  shotId: z.string(),
  fish: z.string(),
  multiplier: z.number().int(),
  power: z.number().int(),
  stake: z.string(),
  /** stake × power. */
  cost: z.string(),
  nonce: z.number().int(),
  killed: z.boolean(),
  /** cost × multiplier when killed, else 0. */
  payout: z.string(),
});
export type FishingShotResult = z.infer<typeof fishingShotResultSchema>;

/** Why a shot of a batch was not fired: the player's shot rate, or a balance that could not cover it. */
export const fishingRefusalReasons = ['RATE_LIMITED', 'INSUFFICIENT_FUNDS'] as const;

export const fishingBatchResultSchema = z.object({
  sessionId: z.string(),
  batchId: z.string(),
  shots: z.array(fishingShotResultSchema),
  /** Shots of the batch that were not fired (the ones after the last fired shot); they cost nothing. */
  refused: z.array(z.object({ shotId: z.string(), reason: z.enum(fishingRefusalReasons) })),
  staked: z.string(),
  won: z.string(),
  seeds: z.object({ serverSeedHash: z.string(), clientSeed: z.string() }),
  session: z.object({ shots: z.number().int(), staked: z.string(), won: z.string() }),
  balance: z.string(),
  isReplay: z.boolean(),
});
export type FishingBatchResult = z.infer<typeof fishingBatchResultSchema>;
export const fishingBatchResponseSchema = successEnvelope(fishingBatchResultSchema);

/** One shot with everything that proves it: the seeds (the server seed once revealed) and the fairness link. */
export const fishingShotProofSchema = fishingShotResultSchema.extend({
  sessionId: z.string(),
  rtpBasisPoints: z.number().int(),
  /** The fair integer drawn and its bound (multiplier × 10 000): killed when draw < RTP basis points. */
  draw: z.number().int(),
  bound: z.number().int(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  serverSeed: z.string().nullable(),
  formula: z.string(),
  verifyPath: z.string(),
});
export type FishingShotProof = z.infer<typeof fishingShotProofSchema>;
export const fishingShotProofResponseSchema = successEnvelope(fishingShotProofSchema);
