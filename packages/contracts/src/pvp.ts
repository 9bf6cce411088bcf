import { z } from 'zod';
import { successEnvelope } from './envelope';
import { niuNiuHandSchema, niuNiuOptionsSchema } from './pvp-niu-niu';
import { amountSchema } from './wallet';

/**
 * The house's player-versus-player card rooms (no-limit Texas hold'em, and Niu-Niu: pvp-niu-niu.ts): rooms
 * by stake level, listed by the spec's `GLS2_roomList`; a member sits down with a buy-in from their wallet,
 * plays hands against the other players at the table and leaves with their stack. The house takes a rake per
 * pot (per winner at Niu-Niu). Each hand's deck is committed (sha256) before the deal and its seed revealed
 * after the hand. Amounts are decimal strings in the brand's currency; cards are two characters, rank then
 * suit ("AS", "TD", "9C").
 */

export const pvpGames = ['HOLDEM', 'NIUNIU'] as const;
export type PvpGame = (typeof pvpGames)[number];
export const pvpStakeLevels = ['MICRO', 'LOW', 'MID'] as const;
export type PvpStakeLevel = (typeof pvpStakeLevels)[number];

const idSchema = z.string().regex(/^[1-9]\d{0,18}$/);

export const pvpRoomSchema = z.object({
  /** The table's id: what the other calls take as `tableId`. */
  roomId: z.string(),
  roomCode: z.string(),
  game: z.enum(pvpGames),
  level: z.enum(pvpStakeLevels),
  name: z.string(),
  /** Seats at the table (6 or 9) and how many are taken. */
  seats: z.number().int(),
  seated: z.number().int(),
  smallBlind: z.string(),
  bigBlind: z.string(),
  minBuyIn: z.string(),
  maxBuyIn: z.string(),
  currency: z.string(),
  isHandInPlay: z.boolean(),
});
export type PvpRoom = z.infer<typeof pvpRoomSchema>;
export const pvpRoomListResponseSchema = successEnvelope(z.object({ rooms: z.array(pvpRoomSchema) }));

export const pvpTableParamsSchema = z.object({ tableId: idSchema });

export const pvpSitDownRequestSchema = z.strictObject({
  /** The seat wanted (0-based); the first free one when left out. */
  seat: z.number().int().min(0).max(8).optional(),
  buyIn: amountSchema,
  /** The page's id of this sit-down: sent again, it answers the same seat and moves no money twice. */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});
export type PvpSitDownRequest = z.infer<typeof pvpSitDownRequestSchema>;

export const pvpActionKinds = ['FOLD', 'CHECK', 'CALL', 'RAISE', 'ALL_IN'] as const;
export type PvpActionKind = (typeof pvpActionKinds)[number];

export const pvpActionRequestSchema = z.strictObject({
  handId: idSchema,
  /** The page's id of this action: sent again, it is applied once. */
  actionId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  kind: z.enum(pvpActionKinds),
  /** RAISE only: the total this street after the bet or raise ("raise to"). */
  amount: amountSchema.optional(),
});
export type PvpActionRequest = z.infer<typeof pvpActionRequestSchema>;

export const pvpStreets = ['PREFLOP', 'FLOP', 'TURN', 'RIVER', 'SHOWDOWN'] as const;
export type PvpStreet = (typeof pvpStreets)[number];

export const pvpPlayerSchema = z.object({
  seat: z.number().int(),
  playerName: z.string(),
  /** A house bot (no member), seated by the operator's choice at a quiet table; shown labelled as a bot. */
  isBot: z.boolean(),
  /** Chips behind. */
  stack: z.string(),
  status: z.enum(['PLAYING', 'SITTING_OUT']),
  isInHand: z.boolean(),
  hasFolded: z.boolean(),
  isAllIn: z.boolean(),
  /** Put in this street and in the whole hand. */
  streetBet: z.string(),
  handBet: z.string(),
  /** Shown at the showdown; null otherwise. */
  cards: z.array(z.string()).nullable(),
});
export type PvpPlayer = z.infer<typeof pvpPlayerSchema>;

export const pvpHandResultSchema = z.object({
  rake: z.string(),
  pots: z.array(
    z.object({
      amount: z.string(),
      rake: z.string(),
      winners: z.array(z.object({ seat: z.number().int(), amount: z.string() })),
    }),
  ),
  /** Hands shown at the showdown (none when everyone else folded). */
  shown: z.array(
    z.object({
      seat: z.number().int(),
      cards: z.array(z.string()),
      handName: z.string(),
      bestFive: z.array(z.string()),
    }),
  ),
  /** What each seat took back from the table (pots won and uncalled chips). */
  payouts: z.array(z.object({ seat: z.number().int(), amount: z.string() })),
});
export type PvpHandResult = z.infer<typeof pvpHandResultSchema>;

export const pvpHandSchema = z.object({
  handId: z.string(),
  number: z.number().int(),
  status: z.enum(['PLAYING', 'SETTLED']),
  street: z.enum(pvpStreets),
  board: z.array(z.string()),
  /** Every chip put in this hand so far. */
  pot: z.string(),
  currentBet: z.string(),
  button: z.number().int(),
  smallBlindSeat: z.number().int(),
  bigBlindSeat: z.number().int(),
  toActSeat: z.number().int().nullable(),
  /** When the player to act runs out of time (server clock). */
  deadline: z.string().nullable(),
  /** sha256 of the deck, published before the deal; the seed is revealed once the hand is over. */
  commitment: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  result: pvpHandResultSchema.nullable(),
});
export type PvpHand = z.infer<typeof pvpHandSchema>;

export const pvpTableSchema = z.object({
  tableId: z.string(),
  roomCode: z.string(),
  game: z.enum(pvpGames),
  level: z.enum(pvpStakeLevels),
  name: z.string(),
  seats: z.number().int(),
  smallBlind: z.string(),
  bigBlind: z.string(),
  minBuyIn: z.string(),
  maxBuyIn: z.string(),
  currency: z.string(),
  turnSeconds: z.number().int(),
  players: z.array(pvpPlayerSchema),
  /** The hand in play, or the last one (with its result) until the next starts; hold'em tables only. */
  hand: pvpHandSchema.nullable(),
  /** The same for a Niu-Niu table (absent at hold'em tables). */
  niuNiu: niuNiuHandSchema.nullable().optional(),
});
export type PvpTable = z.infer<typeof pvpTableSchema>;

export const pvpOptionsSchema = z.object({
  canCheck: z.boolean(),
  callAmount: z.string(),
  canRaise: z.boolean(),
  minRaiseTo: z.string(),
  maxRaiseTo: z.string(),
});
export type PvpOptions = z.infer<typeof pvpOptionsSchema>;

/** What only the asking member sees: their seat, their hole cards, and their options when it is their turn. */
export const pvpYouSchema = z.object({
  seat: z.number().int().nullable(),
  isSittingOut: z.boolean(),
  holeCards: z.array(z.string()),
  options: pvpOptionsSchema.nullable(),
  /** At a Niu-Niu table: the member's choices when it is their turn (absent at hold'em tables). */
  niuNiuOptions: niuNiuOptionsSchema.nullable().optional(),
});
export type PvpYou = z.infer<typeof pvpYouSchema>;

export const pvpTableViewSchema = z.object({
  table: pvpTableSchema,
  you: pvpYouSchema,
  serverTime: z.string(),
});
export type PvpTableView = z.infer<typeof pvpTableViewSchema>;
export const pvpTableViewResponseSchema = successEnvelope(pvpTableViewSchema);

export const pvpHandVerificationSchema = z.object({
  handId: z.string(),
  tableId: z.string(),
  number: z.number().int(),
  commitment: z.string(),
  serverSeed: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** The deck the seeds shuffle, top first, and whether hashing it gives the commitment. */
  deck: z.array(z.string()),
  commitmentMatches: z.boolean(),
  /** Every dealt card at its deck position: hole cards per seat and the board. */
  holeCards: z.array(
    z.object({ seat: z.number().int(), cards: z.array(z.string()), positions: z.array(z.number().int()) }),
  ),
  board: z.array(z.string()),
  boardPositions: z.array(z.number().int()),
  formula: z.string(),
});
export type PvpHandVerification = z.infer<typeof pvpHandVerificationSchema>;
export const pvpHandVerificationResponseSchema = successEnvelope(pvpHandVerificationSchema);
