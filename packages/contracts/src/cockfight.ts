import { z } from 'zod';
import { successEnvelope } from './envelope';
import { amountSchema } from './wallet';

/**
 * The house cockfight arena (one per brand): a schedule of fights, each between a meron and a wala entry,
 * bet on pari-mutuel (the meron and wala pools, less the house's commission, pay the winning side) with a
 * fixed-odds draw. Amounts are decimal strings in the brand's currency; payouts per 1 are decimals, stake
 * included ("1.85" returns 1.85 per 1 staked), null while one side has no bets (those bets are returned).
 */

export const fightSides = ['meron', 'wala', 'draw'] as const;
export type FightSideName = (typeof fightSides)[number];
/** What the operator enters once betting has closed. */
export const fightOutcomes = ['meron', 'wala', 'draw'] as const;
export const fightResults = ['meron', 'wala', 'draw', 'cancelled'] as const;
export type FightResultName = (typeof fightResults)[number];
export const fightPhases = ['SCHEDULED', 'OPEN', 'LAST_CALL', 'CLOSED', 'SETTLED', 'CANCELLED'] as const;
export type FightPhase = (typeof fightPhases)[number];
export const fightBetStatuses = ['PLACED', 'WON', 'LOST', 'RETURNED'] as const;
export type FightBetStatus = (typeof fightBetStatuses)[number];

const idSchema = z.string().regex(/^[1-9]\d{0,18}$/);

export const fightEntrySchema = z.object({ name: z.string(), weight: z.number().int().nullable() });

export const fightSchema = z.object({
  fightId: z.string(),
  number: z.number().int(),
  phase: z.enum(fightPhases),
  /** Who runs it: the operator's console, or the simulated arena of the demo. */
  source: z.enum(['operator', 'simulated']),
  meron: fightEntrySchema,
  wala: fightEntrySchema,
  currency: z.string(),
  pools: z.object({ meron: z.string(), wala: z.string(), draw: z.string() }),
  betCount: z.number().int(),
  /** What a side returns per 1 staked if it won with the pools as they stand (after the commission). */
  payouts: z.object({ meron: z.string().nullable(), wala: z.string().nullable() }),
  drawMultiplier: z.number().int(),
  commissionPercent: z.string(),
  limits: z.object({ minStake: z.string(), maxPerPlayer: z.string(), maxPerFight: z.string() }),
  /** The simulated arena's close (server time); the operator closes their fights by hand (null). */
  closesAt: z.string().nullable(),
  result: z.enum(fightResults).nullable(),
  /** Simulated fights only: the result's commitment, its seed revealed once the fight is over. */
  fairness: z
    .object({
      serverSeedHash: z.string(),
      serverSeed: z.string().nullable(),
      clientSeed: z.string(),
      nonce: z.number().int(),
    })
    .nullable(),
});
export type Fight = z.infer<typeof fightSchema>;

export const fightHistoryEntrySchema = z.object({
  fightId: z.string(),
  number: z.number().int(),
  result: z.enum(fightResults),
});

/**
 * The arena's live state (also each `state` event of `GET /cockfight/events`): the fight taking bets or
 * waiting for its result (`current`), the last fight that is over with its final pools (`lastResult`), the
 * scheduled fights, and the latest results, newest first.
 */
export const arenaStateSchema = z.object({
  serverTime: z.string(),
  current: fightSchema.nullable(),
  lastResult: fightSchema.nullable(),
  upcoming: z.array(fightSchema),
  history: z.array(fightHistoryEntrySchema),
});
export type ArenaState = z.infer<typeof arenaStateSchema>;
export const arenaStateResponseSchema = successEnvelope(arenaStateSchema);

export const placeFightBetRequestSchema = z.strictObject({
  fightId: idSchema,
  side: z.enum(fightSides),
  amount: amountSchema,
  /** The page's id of this bet: sending it again answers the same bet and moves no money twice. */
  requestId: z.string().min(1).max(64),
});
export type PlaceFightBetRequest = z.infer<typeof placeFightBetRequestSchema>;

export const fightBetSchema = z.object({
  betId: z.string(),
  fightId: z.string(),
  fightNumber: z.number().int(),
  side: z.enum(fightSides),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(fightBetStatuses),
  /** What the bet returned (stake included) once settled. */
  returned: z.string().nullable(),
  placedAt: z.string(),
});
export type FightBet = z.infer<typeof fightBetSchema>;
export const placeFightBetResponseSchema = successEnvelope(fightBetSchema);
export const myFightBetsResponseSchema = successEnvelope(z.object({ bets: z.array(fightBetSchema) }));

export const fightParamsSchema = z.object({ fightId: idSchema });

export const fightVerificationResponseSchema = successEnvelope(
  z.object({
    fightId: z.string(),
    number: z.number().int(),
    serverSeed: z.string(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    nonce: z.number().int(),
    result: z.enum(fightResults),
    /** The result the seeds draw (what the simulated arena entered). */
    drawn: z.enum(fightOutcomes),
    commitmentMatches: z.boolean(),
    resultMatches: z.boolean(),
    formula: z.string(),
  }),
);

/* ---- The operator's console ---- */

const entryNameSchema = z.string().trim().min(1).max(40);
const entryWeightSchema = z.number().int().min(1).max(10_000).nullable().optional();

export const scheduleFightRequestSchema = z.strictObject({
  meronName: entryNameSchema,
  meronWeight: entryWeightSchema,
  walaName: entryNameSchema,
  walaWeight: entryWeightSchema,
  /** Limits in the brand's currency; the arena's defaults when left out. */
  minStake: amountSchema.optional(),
  maxPerPlayer: amountSchema.optional(),
  maxPerFight: amountSchema.optional(),
});
export type ScheduleFightRequest = z.infer<typeof scheduleFightRequestSchema>;

export const enterFightResultRequestSchema = z.strictObject({ result: z.enum(fightOutcomes) });

export const adminFightsQuerySchema = z.object({
  /** Fights still to finish (scheduled to closed), or the finished ones, newest first. */
  view: z.enum(['active', 'finished']).default('active'),
});

export const adminFightSchema = fightSchema.extend({
  createdAt: z.string(),
  openedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
});
export type AdminFight = z.infer<typeof adminFightSchema>;
export const adminFightResponseSchema = successEnvelope(adminFightSchema);
export const adminFightsResponseSchema = successEnvelope(z.object({ fights: z.array(adminFightSchema) }));
