/**
 * The lottery API (house lottery games: speed LOTT/ELOTT, Vietnamese TCG_LOTTO_VN, SEA 4D TCG_SEA).
 * Every answer is the usual envelope `{ success, value, message }`. Amounts are decimal strings in the
 * member's (brand's) currency; times are ISO-8601 UTC. See /tmp/plan/lottery-api.md for examples.
 */
import { z } from 'zod';
import { successEnvelope } from './envelope';
import { lotteryKinds } from './lottery-rules';
import { vnRegions } from './vn-lottery-rules';

export * from './lottery-rules';
export * from './vn-lottery-rules';

const pageNumber = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);
/** A catalogue game code of a lottery vendor, e.g. `TCG_LOTTO_VN-O0003`, `LOTT-O0001`, `TCG_SEA-O0001`. */
export const lotteryGameCodeSchema = z.string().regex(/^[A-Z0-9_]{2,24}-[A-Z0-9]{1,16}$/);
/** A draw's public id, e.g. `LOTT-O0001-20261124-0481`; also the client seed of its fair result. */
export const drawPublicIdSchema = z.string().regex(/^[A-Z0-9_-]{6,80}$/);

export const drawStatuses = ['open', 'closed', 'drawn', 'settling', 'settled'] as const;
export const resultSources = ['fair', 'operator'] as const;
export const betStatuses = ['pending', 'won', 'lost'] as const;

/** One bet type of a game as the page offers it. */
export const lotteryBetTypeSchema = z.object({
  /** `sum` | `position` | `straight` (speed); `bao_lo` … `nhat_to` (VN); `big` | `small` | `ibox_big` | `ibox_small` (SEA); `pick1` … `pick10` (pool); `position` | `first_two` (race). */
  code: z.string(),
  /** Digit counts a number may have (VN, SEA: [4]; speed: []). */
  digits: z.array(z.number().int()),
  /** Odds by key (VN: digit count, đá: stations 1/2 or 0 for North, xiên: number count; speed, race: "1"; pool: hits, the paytable). "1.95" means 1.95× the unit. */
  odds: z.record(z.string(), z.string()),
  minNumbers: z.number().int(),
  maxNumbers: z.number().int(),
});
export type LotteryBetType = z.infer<typeof lotteryBetTypeSchema>;

export const lotteryStationSchema = z.object({ code: z.string(), name: z.string() });

/** A draw as players see it. `serverSeed` stays null until the result is drawn. */
export const lotteryDrawSchema = z.object({
  publicId: z.string(),
  gameCode: z.string(),
  /** When the result is drawn. */
  drawAt: z.string(),
  /** Bets are refused from this instant on (server time). */
  closesAt: z.string(),
  status: z.enum(drawStatuses),
  resultSource: z.enum(resultSources),
  /** VN only: the stations drawing (South/Central: 2–4, North: 1); others []. */
  stations: z.array(lotteryStationSchema),
  /** SHA-256 hex of the server seed, published before the cut-off (fair draws). */
  serverSeedHash: z.string().nullable(),
  /** Revealed once drawn (fair draws). */
  serverSeed: z.string().nullable(),
  /** The client seed of the fair result: the draw's public id. */
  clientSeed: z.string(),
  /**
   * Null until drawn. speed: { balls: number[] }; vn: { stations: { [code]: string[] } } each list in
   * `vnLotsOf(region)` order (special first); sea4d: { numbers: string[23] } first, second, third, 10 special, 10 consolation; pool: { numbers: number[] } ascending;
   * race: { order: number[10] } the cars from first to last.
   */
  result: z.record(z.string(), z.unknown()).nullable(),
});
export type LotteryDraw = z.infer<typeof lotteryDrawSchema>;

/** One game of the lottery menu. */
export const lotteryGameSchema = z.object({
  gameCode: z.string(),
  /** TCG_LOTTO_VN, TCG_SEA, LOTT or ELOTT. */
  vendor: z.string(),
  name: z.string(),
  kind: z.enum(lotteryKinds),
  /** VN only. */
  region: z.enum(vnRegions).nullable(),
  /** Speed games: how many balls (0–9) are drawn; pool games: how many numbers; race: how many cars. */
  balls: z.number().int().nullable(),
  /** Pool games: numbers are drawn from 1 to this (Keno 80, 11 of 5 11); null otherwise. */
  poolSize: z.number().int().nullable().optional(),
  /** Seconds between draws (speed) or null for calendar schedules. */
  intervalSeconds: z.number().int().nullable(),
  /** Seconds before the draw at which bets close. */
  cutoffSeconds: z.number().int(),
  resultSource: z.enum(resultSources),
  betTypes: z.array(lotteryBetTypeSchema),
  /** The draw now taking bets (status open), else the next one; null when none is scheduled. */
  currentDraw: lotteryDrawSchema.nullable(),
  /** The latest drawn result. */
  lastDraw: lotteryDrawSchema.nullable(),
});
export type LotteryGame = z.infer<typeof lotteryGameSchema>;

/** GET /wps/lgw/vn/games/game_menu — the lottery games (all, or one vendor's). Public. */
export const gameMenuQuerySchema = z.object({
  vendor: z.enum(['TCG_LOTTO_VN', 'TCG_SEA', 'LOTT', 'ELOTT']).optional(),
});
export const gameMenuResponseSchema = successEnvelope(z.object({ games: z.array(lotteryGameSchema) }));

/** GET /wps/lgw/vn/games/game_menu/recent (token) — games the member bet on, most recent first (≤ 10). */
export const recentMenuResponseSchema = successEnvelope(z.object({ games: z.array(lotteryGameSchema) }));

/** GET /wps/lgw/vn/numeros/opened/game — results history of one game (drawn and settled draws), newest first. Public. */
export const openedNumerosQuerySchema = z.object({
  gameCode: lotteryGameCodeSchema,
  page: pageNumber,
  pageSize,
});
export const openedNumerosResponseSchema = successEnvelope(
  z.object({ draws: z.array(lotteryDrawSchema), total: z.number().int(), totalPages: z.number().int() }),
);

/** GET /wps/lotto/lgw/games/opened/numero (token) — the latest result of every lottery game (or of `vendor`). */
export const latestNumerosQuerySchema = gameMenuQuerySchema;
export const latestNumerosResponseSchema = successEnvelope(z.object({ draws: z.array(lotteryDrawSchema) }));

/** GET /wps/lottery/games/:gameCode — one game with its current draw. Public. */
export const lotteryGameParamsSchema = z.object({ gameCode: lotteryGameCodeSchema });
/** A game with the server's clock (ISO), so the page can count down to the cut-off without trusting the device. */
export const lotteryGameDetailSchema = lotteryGameSchema.extend({ serverTime: z.string() });
export type LotteryGameDetail = z.infer<typeof lotteryGameDetailSchema>;
export const lotteryGameResponseSchema = successEnvelope(lotteryGameDetailSchema);

/** One bet line of a ticket. */
export const betLineSchema = z.object({
  betType: z.string().min(1).max(32),
  /** VN/SEA: digit strings; speed sum: BIG|SMALL|ODD|EVEN; position: "<position>:<digit>"; straight: "123". */
  numbers: z.array(z.string().min(1).max(8)).min(1).max(100),
  /** VN South/Central: station codes of the draw (1–4; đá 1–2). North, speed, SEA: omit. */
  stations: z.array(z.string().min(1).max(8)).max(4).optional(),
  /** Per number per lot (VN) or per number (speed, SEA); decimal string. */
  unitStake: z.string().trim().min(1).max(40),
});
export type BetLine = z.infer<typeof betLineSchema>;

/** POST /wps/lottery/bets (token) — places a ticket of bet lines on one draw, paid in one debit. */
export const placeBetsRequestSchema = z.object({
  gameCode: lotteryGameCodeSchema,
  /** The draw the player saw; refused (LOTTERY_DRAW_CLOSED) when it no longer takes bets. */
  drawId: drawPublicIdSchema,
  /** A fresh UUID per submit: a retry with the same id answers the first ticket and debits nothing. */
  requestId: z.uuid(),
  bets: z.array(betLineSchema).min(1).max(50),
});
export type PlaceBetsRequest = z.infer<typeof placeBetsRequestSchema>;

export const lotteryBetSchema = z.object({
  id: z.string(),
  /** Round id in the betting record (`/wps/member/betting-records/:roundId`). */
  roundId: z.string(),
  gameCode: z.string(),
  drawId: z.string(),
  betType: z.string(),
  numbers: z.array(z.string()),
  stations: z.array(z.string()),
  unitStake: z.string(),
  stake: z.string(),
  status: z.enum(betStatuses),
  payout: z.string(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type LotteryBet = z.infer<typeof lotteryBetSchema>;

export const placeBetsResponseSchema = successEnvelope(
  z.object({
    requestId: z.string(),
    drawId: z.string(),
    totalStake: z.string(),
    currency: z.string(),
    /** The main wallet after the debit. */
    balance: z.string(),
    bets: z.array(lotteryBetSchema),
  }),
);

/** GET /wps/lottery/bets (token) — the member's bets, newest first. */
export const myBetsQuerySchema = z.object({
  gameCode: lotteryGameCodeSchema.optional(),
  drawId: drawPublicIdSchema.optional(),
  status: z.enum(betStatuses).optional(),
  page: pageNumber,
  pageSize,
});
export const myBetsResponseSchema = successEnvelope(
  z.object({ bets: z.array(lotteryBetSchema), total: z.number().int(), totalPages: z.number().int() }),
);

/** GET /wps/lottery/draws/:drawId — one draw (result and proof when drawn). Public. */
export const drawParamsSchema = z.object({ drawId: drawPublicIdSchema });
export const drawResponseSchema = successEnvelope(lotteryDrawSchema);

/** GET /wps/lottery/draws/:drawId/verify — recomputes a fair result from the revealed seed. Public. */
export const drawVerificationSchema = z.object({
  drawId: z.string(),
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** sha256(serverSeed) equals the hash published before the cut-off. */
  hashMatches: z.boolean(),
  /** The result recomputed from the seeds. */
  recomputed: z.record(z.string(), z.unknown()),
  /** The recomputed result equals the recorded one. */
  resultMatches: z.boolean(),
});
export const drawVerificationResponseSchema = successEnvelope(drawVerificationSchema);

// Operator side, under /wps/backoffice/lottery/… (staff token; the brand is the x-merchant-code header's).

export const lotteryAdminGameParamsSchema = z.object({ gameCode: lotteryGameCodeSchema });
export const lotteryAdminDrawParamsSchema = z.object({ drawId: drawPublicIdSchema });

/** The draws still ahead of their result (open or closed), or those drawn (drawn, settling, settled). */
export const adminDrawViews = ['upcoming', 'past'] as const;

/**
 * GET …/draws?gameCode&status&view&station&page&pageSize — draws newest first (upcoming ones soonest first),
 * with bet count and stake total; `station` keeps the VN draws where that station draws.
 */
export const adminDrawsQuerySchema = z.object({
  gameCode: lotteryGameCodeSchema.optional(),
  status: z.enum(drawStatuses).optional(),
  view: z.enum(adminDrawViews).optional(),
  station: z
    .string()
    .regex(/^[A-Z0-9]{1,16}$/)
    .optional(),
  page: pageNumber,
  pageSize,
});
export const adminDrawSchema = lotteryDrawSchema.extend({
  betCount: z.number().int(),
  totalStake: z.string(),
  totalPayout: z.string(),
});
export const adminDrawsResponseSchema = successEnvelope(
  z.object({ draws: z.array(adminDrawSchema), total: z.number().int(), totalPages: z.number().int() }),
);

/**
 * GET …/games — every lottery game of the platform (listed in the lobby or not) with what the console needs to
 * enter a result (kind, region, how many numbers are drawn) and its settings for the brand.
 */
export const adminLotteryGameSchema = z.object({
  gameCode: z.string(),
  vendor: z.string(),
  name: z.string(),
  kind: z.enum(lotteryKinds),
  region: z.enum(vnRegions).nullable(),
  /** Speed: balls (0–9) drawn; pool: numbers drawn; race: cars; null for VN and SEA 4D. */
  balls: z.number().int().nullable(),
  /** Pool games: numbers are drawn from 1 to this. */
  poolSize: z.number().int().nullable(),
  resultSource: z.enum(resultSources),
  defaultNumberCap: z.string().nullable(),
});
export type AdminLotteryGame = z.infer<typeof adminLotteryGameSchema>;
export const adminLotteryGamesResponseSchema = successEnvelope(
  z.object({ currency: z.string(), games: z.array(adminLotteryGameSchema) }),
);

/** GET/PUT …/games/:gameCode/settings — result source and the default cap on any number's potential payout. */
export const lotteryGameSettingsSchema = z.object({
  resultSource: z.enum(resultSources),
  /** Null: no cap. Decimal string. */
  defaultNumberCap: z.string().nullable(),
});
export const lotteryGameSettingsResponseSchema = successEnvelope(lotteryGameSettingsSchema);

/**
 * PUT …/games/:gameCode/numbers/:number — the cap (potential payout in one draw, per station for VN) or a
 * block on one number: VN/SEA digits ("23", "123", "1234"), speed selections ("BIG", "1:5", "123").
 */
export const numberLimitParamsSchema = lotteryAdminGameParamsSchema.extend({
  number: z.string().regex(/^[A-Z0-9:]{1,8}$/),
});
export const numberLimitRequestSchema = z.object({
  /** Null: the game's default cap. */
  cap: z.string().nullable(),
  blocked: z.boolean(),
});
export const numberLimitSchema = numberLimitRequestSchema.extend({ number: z.string() });
/** GET …/games/:gameCode/numbers — every number with its own cap or block. */
export const numberLimitsResponseSchema = successEnvelope(z.object({ numbers: z.array(numberLimitSchema) }));
export const numberLimitResponseSchema = successEnvelope(numberLimitSchema);

/**
 * POST …/draws/:drawId/result — the operator enters the official result of a draw of an `operator` game
 * once it is closed; audited. Same shape as `LotteryDraw.result`.
 */
export const enterResultRequestSchema = z.object({
  result: z.record(z.string(), z.unknown()),
});
export const enterResultResponseSchema = successEnvelope(lotteryDrawSchema);
