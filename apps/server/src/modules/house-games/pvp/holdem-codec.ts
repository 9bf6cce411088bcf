import { z } from 'zod';
import { type HoldemState, holdemStreets } from './holdem-engine';

/** A hand's state as stored (jsonb): amounts as decimal strings of minor units, read back exactly. */

const amount = z
  .string()
  .regex(/^-?\d{1,19}$/)
  .transform((text) => BigInt(text));

const storedPlayerSchema = z.object({
  seat: z.number().int().min(0),
  memberId: z.string(),
  seatId: z.string(),
  stack: amount,
  streetIn: amount,
  totalIn: amount,
  folded: z.boolean(),
  actedAt: amount.nullable(),
  timedOut: z.boolean(),
  hasActed: z.boolean(),
});

const storedStateSchema = z.object({
  smallBlind: amount,
  bigBlind: amount,
  tableSize: z.number().int(),
  turnMs: z.number().int(),
  button: z.number().int(),
  smallBlindSeat: z.number().int(),
  bigBlindSeat: z.number().int(),
  street: z.enum(holdemStreets),
  boardCount: z.number().int(),
  players: z.array(storedPlayerSchema),
  currentBet: amount,
  minRaise: amount,
  toAct: z.number().int().nullable(),
  deadline: z.number().nullable(),
  isOver: z.boolean(),
  isShowdown: z.boolean(),
  sequence: z.number().int(),
});

export type StoredHoldemState = z.input<typeof storedStateSchema>;

/** The stored form: every bigint as its decimal string. */
export const storeHoldemState = (state: HoldemState): StoredHoldemState => ({
  ...state,
  smallBlind: state.smallBlind.toString(),
  bigBlind: state.bigBlind.toString(),
  currentBet: state.currentBet.toString(),
  minRaise: state.minRaise.toString(),
  players: state.players.map((player) => ({
    ...player,
    stack: player.stack.toString(),
    streetIn: player.streetIn.toString(),
    totalIn: player.totalIn.toString(),
    actedAt: player.actedAt === null ? null : player.actedAt.toString(),
  })),
});

export const readHoldemState = (stored: unknown): HoldemState => storedStateSchema.parse(stored);
