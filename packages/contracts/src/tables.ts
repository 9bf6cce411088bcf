import { z } from 'zod';
import { successEnvelope } from './envelope';
import { amountSchema } from './wallet';

/**
 * The live-style house tables (baccarat, roulette, dragon tiger): rounds shared by every player. A spot is
 * a baccarat bet kind (`player`, `banker`, `tie`, `playerPair`, `bankerPair`), a dragon tiger one (`dragon`,
 * `tiger`, `tie`, `suitedTie`) or a roulette spot key (`straight:17`, `split:1-2`, `red`, `dozen:2`, …).
 */

export const tableGames = ['BACCARAT', 'ROULETTE', 'DRAGON_TIGER'] as const;
export const tablePhases = ['BETTING', 'DEALING', 'SETTLED'] as const;
export type TablePhase = (typeof tablePhases)[number];

export const placeTableBetsRequestSchema = z.strictObject({
  tableId: z.string().min(1).max(20),
  roundId: z.string().regex(/^[1-9]\d{0,18}$/),
  bets: z
    .array(z.strictObject({ spot: z.string().min(1).max(40), amount: amountSchema }))
    .min(1)
    .max(60),
  /** The page's id of this request: sending it again answers the same bets and moves no money twice. */
  requestId: z.string().min(1).max(64),
});
export type PlaceTableBetsRequest = z.infer<typeof placeTableBetsRequestSchema>;

export const tableBetSchema = z.object({
  betId: z.string(),
  roundId: z.string(),
  tableId: z.string(),
  spot: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(['PLACED', 'SETTLED', 'REFUNDED']),
  /** What the bet returned (stake included) once settled. */
  returned: z.string().nullable(),
});
export type TableBet = z.infer<typeof tableBetSchema>;
export const placeTableBetsResponseSchema = successEnvelope(z.object({ bets: z.array(tableBetSchema) }));

export const tableSummarySchema = z.object({
  tableId: z.string(),
  game: z.enum(tableGames),
  name: z.string(),
  minStake: z.string(),
  maxStake: z.string(),
  maxPerRound: z.string(),
});
export const tableListResponseSchema = successEnvelope(z.object({ tables: z.array(tableSummarySchema) }));

/**
 * A table's live state (also each `state` event of `GET /tables/:tableId/events`): `round` (phase, close,
 * commitment, dealt steps with their instants), `totals` (players, stake per spot), `history` (baccarat
 * bead plate and big road of the shoe; roulette last numbers, hot and cold; dragon tiger outcomes).
 */
export const tableStateSchema = z.looseObject({ tableId: z.string(), game: z.enum(tableGames) });
export const tableStateResponseSchema = successEnvelope(tableStateSchema);

export const myTableBetsResponseSchema = successEnvelope(
  z.object({ bets: z.array(tableBetSchema.extend({ roundNumber: z.number().int() })) }),
);

export const tableVerificationResponseSchema = successEnvelope(
  z.looseObject({ roundId: z.string(), serverSeed: z.string(), resultMatches: z.boolean() }),
);
