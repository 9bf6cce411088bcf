import { z } from 'zod';

/**
 * Niu-Niu (Bull Bull) at the house's card rooms: "grab the banker" with real turns. Each player sees four of
 * their five cards, bids 0–4× in turn to be the banker (the highest bid banks; ties are broken by the
 * committed deck), the others each pick a 1–5× multiplier in turn, then all five cards are shown and every
 * player settles against the banker: base stake × banker bid (at least 1) × multiplier × the winning hand's
 * multiplier, bounded by the stacks. The rooms, seats, buy-ins, streams and proofs are the hold'em rooms'
 * (pvp.ts); at a Niu-Niu table `smallBlind` and `bigBlind` are both the base stake. Amounts are decimal
 * strings in the brand's currency.
 */

export const niuNiuMaxBid = 4;
export const niuNiuMaxMultiplier = 5;

const idSchema = z.string().regex(/^[1-9]\d{0,18}$/);

export const niuNiuActionKinds = ['BID', 'BET'] as const;
export type NiuNiuActionKind = (typeof niuNiuActionKinds)[number];

export const niuNiuActionRequestSchema = z.strictObject({
  handId: idSchema,
  /** The page's id of this move: sent again, it is applied once. */
  actionId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  /** BID: grab the banker with `multiplier` 0 (no grab) to 4; BET: play 1× to 5× against the banker. */
  kind: z.enum(niuNiuActionKinds),
  multiplier: z.number().int().min(0).max(niuNiuMaxMultiplier),
});
export type NiuNiuActionRequest = z.infer<typeof niuNiuActionRequestSchema>;

export const niuNiuPhases = ['BIDDING', 'BETTING', 'SHOWDOWN'] as const;
export type NiuNiuPhase = (typeof niuNiuPhases)[number];

export const niuNiuCategories = [
  'NO_BULL',
  'BULL',
  'BULL_BULL',
  'FIVE_FACE_BULL',
  'BOMB',
  'FIVE_SMALL_BULL',
] as const;
export type NiuNiuCategoryName = (typeof niuNiuCategories)[number];

/** A seat dealt into the hand: its bid and multiplier once chosen (seen by everyone as soon as made). */
export const niuNiuSeatSchema = z.object({
  seat: z.number().int(),
  bid: z.number().int().nullable(),
  multiplier: z.number().int().nullable(),
  isBanker: z.boolean(),
  /** The clock chose for them (a missed turn). */
  timedOut: z.boolean(),
  isLeaving: z.boolean(),
});
export type NiuNiuSeat = z.infer<typeof niuNiuSeatSchema>;

export const niuNiuShownHandSchema = z.object({
  seat: z.number().int(),
  cards: z.array(z.string()),
  category: z.enum(niuNiuCategories),
  /** Bull 1–9; 10 for bull-bull; 0 for no bull. */
  points: z.number().int(),
  /** The three cards that make the bull, when there is one. */
  bull: z.array(z.string()),
  handMultiplier: z.number().int(),
});
export type NiuNiuShownHand = z.infer<typeof niuNiuShownHandSchema>;

export const niuNiuResultSchema = z.object({
  rake: z.string(),
  /** Each player against the banker, in turn order from the banker's left. */
  pairings: z.array(
    z.object({
      seat: z.number().int(),
      playerWins: z.boolean(),
      handMultiplier: z.number().int(),
      /** base × bank × bet × hand multiplier, before the stacks' bounds. */
      due: z.string(),
      /** What changed hands between the player and the banker. */
      amount: z.string(),
    }),
  ),
  /** Every seat's result after the rake (negative for a loss), and its rake. */
  outcomes: z.array(z.object({ seat: z.number().int(), net: z.string(), rake: z.string() })),
  /** The banker could not pay every winner in full: they shared the bank in proportion. */
  isBankShort: z.boolean(),
  shown: z.array(niuNiuShownHandSchema),
});
export type NiuNiuResult = z.infer<typeof niuNiuResultSchema>;

export const niuNiuHandSchema = z.object({
  handId: z.string(),
  number: z.number().int(),
  status: z.enum(['PLAYING', 'SETTLED']),
  phase: z.enum(niuNiuPhases),
  baseStake: z.string(),
  /** The seat that bid first this hand (it moves one seat clockwise each hand). */
  firstSeat: z.number().int(),
  bankerSeat: z.number().int().nullable(),
  bankerBid: z.number().int().nullable(),
  toActSeat: z.number().int().nullable(),
  /** When the player to act runs out of time (server clock). */
  deadline: z.string().nullable(),
  seats: z.array(niuNiuSeatSchema),
  /** sha256 of the deck, published before the deal; the seed is revealed once the hand is over. */
  commitment: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  result: niuNiuResultSchema.nullable(),
});
export type NiuNiuHand = z.infer<typeof niuNiuHandSchema>;

/** The asking member's choices on their turn: the bids or the multipliers they may pick. */
export const niuNiuOptionsSchema = z.object({
  kind: z.enum(niuNiuActionKinds),
  choices: z.array(z.number().int()),
});
export type NiuNiuOptions = z.infer<typeof niuNiuOptionsSchema>;
