import { z } from 'zod';
import { successEnvelope } from './envelope';
import { clientSeedPattern, fairnessGamePattern } from './house-games-rules';
import { amountSchema, requestIdSchema } from './wallet';

export * from './house-games-rules';

/**
 * Provable fairness of house games (seed pairs, verification) and the house slot with its progressive
 * jackpot. Seeds are hex strings; a result is HMAC-SHA256(serverSeed, `clientSeed:nonce:block`) read as
 * 32-bit words, each reduced to its bound by rejection sampling.
 */

export const fairnessGameSchema = z.string().regex(fairnessGamePattern);
export const clientSeedSchema = z.string().regex(clientSeedPattern);

export const seedPairQuerySchema = z.object({ game: fairnessGameSchema.default('slot') });

/** The member's active pair: only the hash of the server seed is shown until it is rotated. */
export const activeSeedPairSchema = z.object({
  id: z.string(),
  game: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next result will use. */
  nextNonce: z.number().int(),
  createdAt: z.string(),
});
export type ActiveSeedPair = z.infer<typeof activeSeedPairSchema>;
export const activeSeedPairResponseSchema = successEnvelope(activeSeedPairSchema);

/** A retired pair: the server seed is revealed; nonces 0 … noncesUsed − 1 were used with it. */
export const revealedSeedPairSchema = z.object({
  id: z.string(),
  game: z.string(),
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  noncesUsed: z.number().int(),
  createdAt: z.string(),
  revealedAt: z.string(),
});
export type RevealedSeedPair = z.infer<typeof revealedSeedPairSchema>;
export const revealedSeedPairsResponseSchema = successEnvelope(
  z.object({ list: z.array(revealedSeedPairSchema) }),
);

/**
 * Rotation reveals the active server seed and commits to a new one. A new client seed is always set by
 * rotating (with `clientSeed`; a fresh random one without), so every pair has one client seed and its nonces
 * start at 0.
 */
export const rotateSeedsRequestSchema = z.object({
  game: fairnessGameSchema.default('slot'),
  clientSeed: clientSeedSchema.optional(),
});
export const rotateSeedsResponseSchema = successEnvelope(
  z.object({ revealed: revealedSeedPairSchema.nullable(), active: activeSeedPairSchema }),
);

/** Anyone may look a pair up by the hash they were shown: its server seed once revealed, else null. */
export const seedPairLookupSchema = z.object({
  game: z.string(),
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  noncesUsed: z.number().int(),
  revealedAt: z.string().nullable(),
});
export const seedPairLookupResponseSchema = successEnvelope(seedPairLookupSchema);
export const seedPairLookupParamsSchema = z.object({ serverSeedHash: z.string().regex(/^[0-9a-f]{64}$/) });

export const verifyRequestSchema = z.object({
  game: fairnessGameSchema,
  serverSeed: z.string().min(1).max(128),
  clientSeed: z.string().min(1).max(64),
  nonce: z.coerce.number().int().min(0).max(2_147_483_647),
  /** What else a game's result depends on (the slot: `bet` and `jackpotOddsStake` for the jackpot draw). */
  params: z.record(z.string(), z.string().max(64)).default({}),
});
export type VerifyRequest = z.input<typeof verifyRequestSchema>;
export const verifyResultSchema = z.object({
  game: z.string(),
  serverSeedHash: z.string(),
  /** The game's own result, recomputed (for the slot: stops, grid, wins, free spins, jackpot draw). */
  result: z.record(z.string(), z.unknown()),
});
export type VerifyResult = z.infer<typeof verifyResultSchema>;
export const verifyResponseSchema = successEnvelope(verifyResultSchema);
export const fairnessGamesResponseSchema = successEnvelope(z.object({ games: z.array(z.string()) }));

/* ---- The slot ---- */

export const slotLineWinSchema = z.object({
  line: z.number().int(),
  symbol: z.string(),
  count: z.number().int(),
  /** Line-bet units before any multiplier. */
  pays: z.number().int(),
  amount: z.string(),
});
export type SlotLineWin = z.infer<typeof slotLineWinSchema>;

export const slotSpinSchema = z.object({
  stops: z.array(z.number().int()),
  /** grid[reel][row] */
  grid: z.array(z.array(z.string())),
  lineWins: z.array(slotLineWinSchema),
  scatterCount: z.number().int(),
  scatterWin: z.string(),
  freeSpinsAwarded: z.number().int(),
  multiplier: z.number().int(),
  win: z.string(),
});
export type SlotSpin = z.infer<typeof slotSpinSchema>;

export const jackpotSchema = z.object({
  gameCode: z.string(),
  amount: z.string(),
  currency: z.string(),
  hits: z.number().int(),
  lastWonAmount: z.string().nullable(),
  lastWonAt: z.string().nullable(),
});
export type Jackpot = z.infer<typeof jackpotSchema>;
export const jackpotResponseSchema = successEnvelope(jackpotSchema);

export const slotInfoSchema = z.object({
  gameCode: z.string(),
  gameName: z.string(),
  currency: z.string(),
  betLevels: z.array(z.string()),
  rows: z.number().int(),
  /** The reel strips: public, so anyone can map stops to symbols. */
  reels: z.array(z.array(z.string())),
  paylines: z.array(z.array(z.number().int())),
  wild: z.string(),
  scatter: z.string(),
  linePays: z.record(z.string(), z.array(z.number().int())),
  scatterPays: z.array(z.number().int()),
  freeSpinsAwarded: z.array(z.number().int()),
  freeSpinMultiplier: z.number().int(),
  /** Exact theoretical return, as percentages with 4 decimals. */
  returnToPlayer: z.object({ game: z.string(), jackpot: z.string(), total: z.string() }),
  jackpot: jackpotSchema,
  jackpotRules: z.object({ contributionPercent: z.string(), seedAmount: z.string(), oddsStake: z.string() }),
});
export type SlotInfo = z.infer<typeof slotInfoSchema>;
export const slotInfoResponseSchema = successEnvelope(slotInfoSchema);

export const slotSpinRequestSchema = z.object({ requestId: requestIdSchema, bet: amountSchema });
export type SlotSpinRequest = z.infer<typeof slotSpinRequestSchema>;

export const slotRoundSchema = z.object({
  roundId: z.string(),
  requestId: z.string(),
  currency: z.string(),
  bet: z.string(),
  /** Lines, scatters and free spins. */
  win: z.string(),
  jackpotWin: z.string(),
  totalWin: z.string(),
  /** The member's main wallet after the spin (now, for a replay). */
  balance: z.string(),
  base: slotSpinSchema,
  freeSpins: z.array(slotSpinSchema),
  jackpotHit: z.boolean(),
  jackpot: jackpotSchema,
  seeds: z.object({
    seedPairId: z.string(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    nonce: z.number().int(),
  }),
  /** The site's page that recomputes this spin once the seed is revealed. */
  verifyPath: z.string(),
  createdAt: z.string(),
  isReplay: z.boolean(),
});
export type SlotRound = z.infer<typeof slotRoundSchema>;
export const slotRoundResponseSchema = successEnvelope(slotRoundSchema);
