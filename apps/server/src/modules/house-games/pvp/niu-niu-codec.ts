import { z } from 'zod';
import { type NiuNiuState, niuNiuPhases } from './niu-niu-engine';

/** A Niu-Niu hand's state as stored (jsonb): amounts as decimal strings of minor units, read back exactly. */

const amount = z
  .string()
  .regex(/^-?\d{1,19}$/)
  .transform((text) => BigInt(text));

const storedPlayerSchema = z.object({
  seat: z.number().int().min(0),
  memberId: z.string(),
  seatId: z.string(),
  stack: amount,
  bid: z.number().int().nullable(),
  multiplier: z.number().int().nullable(),
  timedOut: z.boolean(),
  hasActed: z.boolean(),
  isLeaving: z.boolean(),
});

const storedStateSchema = z.object({
  game: z.literal('NIUNIU'),
  baseStake: amount,
  tableSize: z.number().int(),
  turnMs: z.number().int(),
  firstSeat: z.number().int(),
  phase: z.enum(niuNiuPhases),
  players: z.array(storedPlayerSchema),
  bankerSeat: z.number().int().nullable(),
  bankerBid: z.number().int().nullable(),
  toAct: z.number().int().nullable(),
  deadline: z.number().nullable(),
  isOver: z.boolean(),
  sequence: z.number().int(),
});

export type StoredNiuNiuState = z.input<typeof storedStateSchema>;

/** The stored form: every bigint as its decimal string. */
export const storeNiuNiuState = (state: NiuNiuState): StoredNiuNiuState => ({
  ...state,
  baseStake: state.baseStake.toString(),
  players: state.players.map((player) => ({ ...player, stack: player.stack.toString() })),
});

export const readNiuNiuState = (stored: unknown): NiuNiuState => storedStateSchema.parse(stored);

/** Whether a stored hand state is a Niu-Niu hand's (hold'em states carry no `game`). */
export const isStoredNiuNiuState = (stored: unknown): boolean =>
  typeof stored === 'object' && stored !== null && 'game' in stored && stored.game === 'NIUNIU';
