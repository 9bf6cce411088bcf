import { z } from 'zod';
import { marketKinds, oddsFormats, outcomes, sports } from '../domain';

/**
 * The sportsbook page's API (its own, as any vendor's game page talks to its own server): shared by the server
 * (`http/`) and the page (`web/`). Money as decimal strings of the player's currency ("12.50"); odds in
 * thousandths (1950 is 1.95), the page shows them in the player's odds format. Every call but /play carries
 * `Authorization: Bearer <session>` (the session the launch made).
 */

export const scoreSchema = z.object({ home: z.number().int(), away: z.number().int() });

export const selectionViewSchema = z.object({ key: z.string(), odds: z.number().int() });
export const marketViewSchema = z.object({
  id: z.string(),
  kind: z.enum(marketKinds),
  line: z.number().int().optional(),
  map: z.number().int().optional(),
  round: z.number().int().optional(),
  status: z.enum(['open', 'suspended', 'closed']),
  selections: z.array(selectionViewSchema),
});
export type MarketView = z.infer<typeof marketViewSchema>;

export const fixtureViewSchema = z.object({
  id: z.string(),
  sport: z.enum(sports),
  league: z.object({ id: z.string(), name: z.string() }),
  home: z.string(),
  away: z.string(),
  kickOffAt: z.string(),
  status: z.enum(['scheduled', 'live', 'finished', 'postponed', 'abandoned']),
  bestOf: z.number().int().optional(),
  /** Live: the period (half, quarter, set, map), the game clock in seconds, the score and each period's. */
  live: z
    .object({
      period: z.number().int(),
      isBreak: z.boolean(),
      clockSeconds: z.number().int(),
      score: scoreSchema,
      periods: z.array(scoreSchema),
      redCards: scoreSchema,
      round: z.number().int().optional(),
    })
    .optional(),
  /** In lists: the main markets only (match result or moneyline, main handicap and total); a fixture's page: all. */
  markets: z.array(marketViewSchema),
});
export type FixtureView = z.infer<typeof fixtureViewSchema>;

export const outrightStatusSchema = z.enum(['open', 'closed', 'settled']);

/**
 * GET /api/menu: sports with their leagues and how many fixtures are live and upcoming, and the seasons' outrights
 * (league winner) the book lists: open for bets, closed (the last fixture under way) or settled a while ago.
 */
export const menuSchema = z.object({
  sports: z.array(
    z.object({
      sport: z.enum(sports),
      live: z.number().int(),
      upcoming: z.number().int(),
      leagues: z.array(z.object({ id: z.string(), name: z.string(), fixtures: z.number().int() })),
      outrights: z
        .array(
          z.object({
            id: z.string(),
            league: z.object({ id: z.string(), name: z.string() }),
            season: z.number().int(),
            status: outrightStatusSchema,
          }),
        )
        .default([]),
    }),
  ),
});
export type MenuView = z.infer<typeof menuSchema>;

/** GET /api/fixtures?sport=&league=&status=live|upcoming → { fixtures }; GET /api/fixtures/:id → FixtureView. */
export const fixtureListSchema = z.object({ fixtures: z.array(fixtureViewSchema) });

/** A competitor's line in a season's table; `scored`/`conceded` in the sport's score (goals, points, sets, maps). */
export const standingViewSchema = z.object({
  competitorId: z.string(),
  name: z.string(),
  played: z.number().int(),
  won: z.number().int(),
  drawn: z.number().int(),
  lost: z.number().int(),
  scored: z.number().int(),
  conceded: z.number().int(),
  points: z.number().int(),
});

/**
 * A season's outright: the winner market (selection keys are competitor ids; null when none is offered: settled,
 * or one side is sure of the title), the table best first, and how many of its fixtures are left. An outright is bet
 * as a single only. `winner` once settled (null: void or not yet).
 */
export const outrightViewSchema = z.object({
  id: z.string(),
  sport: z.enum(sports),
  league: z.object({ id: z.string(), name: z.string() }),
  season: z.number().int(),
  status: outrightStatusSchema,
  fixtureCount: z.number().int(),
  fixturesLeft: z.number().int(),
  competitors: z.array(z.object({ id: z.string(), name: z.string() })),
  market: marketViewSchema.nullable(),
  standings: z.array(standingViewSchema),
  winner: z.string().nullable(),
});
export type OutrightView = z.infer<typeof outrightViewSchema>;

/** GET /api/outrights?sport=&league=&esports=true|false → { outrights }, by league, then season. */
export const outrightListSchema = z.object({ outrights: z.array(outrightViewSchema) });

/** GET /api/session: who plays, the balance, and what the launch asked for. */
export const sessionViewSchema = z.object({
  currency: z.string(),
  balance: z.string(),
  language: z.string(),
  /** 'sports' or 'esports': which the page opens on (the tile the player launched). */
  focus: z.enum(['sports', 'esports']),
  isDemo: z.boolean(),
  limits: z.object({ minStakePerLine: z.string(), maxStakePerSlip: z.string(), maxPayout: z.string() }),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

export const oddsAcceptanceSchema = z.enum(['any', 'higher', 'none']);

/** POST /api/slips. `kind`: 'single', 'accumulator', 'trixie', 'patent', 'yankee', 'lucky15', 'canadian', 'heinz', or
 * 'system:2/3' (sizes joined by '+': 'system:2+3/4'). A single slip has one leg; several singles are several slips. */
export const placeSlipBodySchema = z.object({
  kind: z.string().min(1).max(40),
  legs: z
    .array(
      z.object({
        marketId: z.string().min(1).max(100),
        selection: z.string().min(1).max(40),
        odds: z.number().int(),
      }),
    )
    .min(1)
    .max(12),
  stakePerLine: z.string().min(1).max(20),
  acceptOdds: oddsAcceptanceSchema,
});
export type PlaceSlipBody = z.infer<typeof placeSlipBodySchema>;

export const legViewSchema = z.object({
  fixtureId: z.string(),
  fixture: z.string(),
  sport: z.enum(sports).optional(),
  marketId: z.string(),
  kind: z.enum(marketKinds),
  line: z.number().int().optional(),
  map: z.number().int().optional(),
  round: z.number().int().optional(),
  selection: z.string(),
  /** An outright's selection: the competitor's name (its id is `selection`). */
  selectionName: z.string().optional(),
  odds: z.number().int(),
  outcome: z.enum(outcomes).nullable(),
});

export const slipViewSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(['placing', 'open', 'won', 'lost', 'partly_lost', 'void', 'cashed_out', 'refused']),
  lines: z.number().int(),
  stakePerLine: z.string(),
  totalStake: z.string(),
  potentialReturn: z.string(),
  totalReturn: z.string().nullable(),
  /** Open slips: what cash-out pays now, or null when it is not offered now. */
  cashOut: z.string().nullable(),
  /** Paid so far by partial cash-outs ("0.00" when none); the stake is what stays on. */
  cashedOut: z.string(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
  legs: z.array(legViewSchema),
});
export type SlipView = z.infer<typeof slipViewSchema>;

/** POST /api/slips answers 200 either way. */
export const placeSlipAnswerSchema = z.union([
  z.object({ isAccepted: z.literal(true), slip: slipViewSchema, balance: z.string() }),
  z.object({
    isAccepted: z.literal(false),
    refusal: z.string(),
    message: z.string(),
    /** 'odds_changed': the legs at today's prices, to offer again. */
    current: z
      .array(z.object({ marketId: z.string(), selection: z.string(), odds: z.number().int() }))
      .optional(),
  }),
]);
export type PlaceSlipAnswer = z.infer<typeof placeSlipAnswerSchema>;

/**
 * GET /api/bets?open=true|false → { slips }. POST /api/bets/:id/cash-out { value, fraction? } → { slip, balance }:
 * `value` is the whole bet's cash-out value the player was shown; `fraction` the part cashed out in basis points
 * (10,000, all of it, when absent), the rest of the stake staying on at the placed odds.
 */
export const slipListSchema = z.object({ slips: z.array(slipViewSchema) });
export const cashOutBodySchema = z.object({
  value: z.string().min(1).max(20),
  fraction: z.number().int().min(1).max(10_000).default(10_000),
});

/**
 * GET /api/stream (server-sent events; the session as `?session=`, EventSource sends no headers). Events:
 * - `fixture`: a FixtureView with its main markets, whenever its state or prices change (at most once a second a
 *   fixture), for every fixture in play or starting soon;
 * - `markets`: { fixtureId, markets } with all markets of the fixture named by `?fixture=` when they change;
 * - `bets`: {} when one of the player's slips changed (settled, cashed out): read /api/bets again.
 */
export const marketsEventSchema = z.object({ fixtureId: z.string(), markets: z.array(marketViewSchema) });

/** Errors (4xx): { error: code, message }. */
export const errorSchema = z.object({ error: z.string(), message: z.string() });

export { oddsFormats };
