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
export type TableGame = (typeof tableGames)[number];
export const placeTableBetsResponseSchema = successEnvelope(z.object({ bets: z.array(tableBetSchema) }));

export const tableSummarySchema = z.object({
  tableId: z.string(),
  game: z.enum(tableGames),
  name: z.string(),
  minStake: z.string(),
  maxStake: z.string(),
  maxPerRound: z.string(),
});
export type TableSummary = z.infer<typeof tableSummarySchema>;
export const tableListResponseSchema = successEnvelope(z.object({ tables: z.array(tableSummarySchema) }));

const tableRoundSchema = z.object({
  roundId: z.string(),
  number: z.number().int(),
  phase: z.enum(tablePhases),
  /** When betting closes, by the server's clock. */
  closesAt: z.string(),
  /** When the reveal ends (set once dealt). */
  dealingEndsAt: z.string().nullable(),
  /** The commitment: sha256 of the round's seed (baccarat: of its shoe's seed). */
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** Baccarat: the shoe the round deals from, and the round's first card in it. */
  shoe: z
    .object({
      shoeId: z.string(),
      seedHash: z.string(),
      cutPosition: z.number().int(),
      position: z.number().int().nullable(),
    })
    .nullable(),
  /**
   * Once dealt, each card (or the ball's pocket) with the server instant every page shows it at: `value` a card
   * code ("AS", "TD") or the pocket, `side` player/banker, dragon/tiger, or the pocket's colour.
   */
  steps: z.array(
    z.object({ atMs: z.number(), value: z.string(), side: z.string().optional(), at: z.string() }),
  ),
  /**
   * Once settled: baccarat `player`, `banker` (card codes), `playerTotal`, `bankerTotal`, `outcome`, `natural`,
   * `playerPair`, `bankerPair`; dragon tiger `dragon`, `tiger`, `outcome`, `suitedTie`; roulette `pocket`,
   * `colour`.
   */
  result: z
    .looseObject({
      outcome: z.string().optional(),
      player: z.array(z.string()).optional(),
      banker: z.array(z.string()).optional(),
      playerTotal: z.number().optional(),
      bankerTotal: z.number().optional(),
      dragon: z.string().optional(),
      tiger: z.string().optional(),
      pocket: z.number().optional(),
      colour: z.string().optional(),
    })
    .nullable(),
  /** Revealed once dealt (roulette, dragon tiger); a baccarat shoe's seed only when the shoe ends. */
  serverSeed: z.string().nullable(),
});

const roadOutcome = z.enum(['player', 'banker', 'tie']);

/** A game's history: only the fields of the table's game are present. */
const tableHistorySchema = z.object({
  /** Baccarat, the current shoe: every coup in columns of six, and the big road. */
  beadPlate: z
    .array(z.object({ column: z.number().int(), row: z.number().int(), outcome: roadOutcome }))
    .optional(),
  bigRoad: z
    .array(
      z.object({
        column: z.number().int(),
        row: z.number().int(),
        winner: z.enum(['player', 'banker']),
        ties: z.number().int(),
        playerPair: z.boolean(),
        bankerPair: z.boolean(),
      }),
    )
    .optional(),
  /** Roulette: the last winning pockets, newest first, and the hot and cold pockets among the recent ones. */
  lastNumbers: z.array(z.number().int()).optional(),
  hot: z.array(z.object({ pocket: z.number().int(), hits: z.number().int() })).optional(),
  cold: z.array(z.object({ pocket: z.number().int(), hits: z.number().int() })).optional(),
  /** Dragon tiger: the outcomes, oldest first. */
  outcomes: z.array(z.string()).optional(),
});

/**
 * A table's live state (also each `state` event of `GET /tables/:tableId/events`): `round` (phase, close,
 * commitment, dealt steps with their instants), `totals` (players, stake per spot), `history` (baccarat
 * bead plate and big road of the shoe; roulette last numbers, hot and cold; dragon tiger outcomes). Stakes
 * and limits are minor units of the member's currency. Each streamed event also starts with `at`, the server's
 * time (epoch ms) it was made, the same for every listener (a client may read how late it arrived).
 */
export const tableStateSchema = z.object({
  tableId: z.string(),
  game: z.enum(tableGames),
  name: z.string(),
  limits: z.object({ minStake: z.string(), maxStake: z.string(), maxPerRound: z.string() }),
  round: tableRoundSchema.nullable(),
  totals: z.object({
    players: z.number().int(),
    bets: z.number().int(),
    spots: z.array(z.object({ spot: z.string(), amount: z.string(), players: z.number().int() })),
  }),
  history: tableHistorySchema,
});
export type TableState = z.infer<typeof tableStateSchema>;
export type TableRound = z.infer<typeof tableRoundSchema>;
/** `GET /tables/:tableId/state` adds the server's clock, so a page counts down by it rather than its own. */
export const tableStateResponseSchema = successEnvelope(tableStateSchema.extend({ serverTime: z.string() }));

const myTableBetSchema = tableBetSchema.extend({ roundNumber: z.number().int() });
export type MyTableBet = z.infer<typeof myTableBetSchema>;
export const myTableBetsResponseSchema = successEnvelope(z.object({ bets: z.array(myTableBetSchema) }));

/** Everything to check a dealt round (a baccarat round's once its shoe has ended), and the server's own check. */
export const tableVerificationSchema = z.looseObject({
  roundId: z.string(),
  tableCode: z.string(),
  game: z.enum(tableGames),
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  shoePosition: z.number().int().nullable(),
  result: z.record(z.string(), z.unknown()),
  commitmentMatches: z.boolean(),
  resultMatches: z.boolean(),
  formula: z.string(),
});
export type TableVerification = z.infer<typeof tableVerificationSchema>;
export const tableVerificationResponseSchema = successEnvelope(tableVerificationSchema);
