import { z } from 'zod';
import { successEnvelope } from './envelope';
import { pvpStakeLevels } from './pvp';

/**
 * The operator's house bots for the hold'em rooms, per brand and room (every currency of the brand): off
 * unless switched on. A room with bots on gets one bot at a table where exactly one member is waiting to play;
 * it leaves when a second member sits down or nobody waits. Bots play a fixed hand-strength and pot-odds rule
 * from their own cards and the board, and are labelled as bots at the table. Their chips come from and go
 * back to the brand's bots account, a house account: its balance plus what bots hold at the tables is the
 * house's result from them.
 */

export const pvpBotRoomSchema = z.object({
  roomCode: z.string(),
  name: z.string(),
  level: z.enum(pvpStakeLevels),
  seats: z.number().int(),
  isEnabled: z.boolean(),
  /** At the room's table in the brand's currency, now. */
  botsSeated: z.number().int(),
  membersSeated: z.number().int(),
});
export type PvpBotRoom = z.infer<typeof pvpBotRoomSchema>;

export const pvpBotsOverviewSchema = z.object({
  currency: z.string(),
  rooms: z.array(pvpBotRoomSchema),
  /** The bots account's balance (bot buy-ins out, cash-outs back), in the brand's currency. */
  accountBalance: z.string(),
  /** What bots hold at the tables now (stacks and chips in hands in play). */
  chipsAtTables: z.string(),
  /** The house's result from its bots so far: the account's balance plus the chips they hold. */
  result: z.string(),
});
export type PvpBotsOverview = z.infer<typeof pvpBotsOverviewSchema>;
export const pvpBotsOverviewResponseSchema = successEnvelope(pvpBotsOverviewSchema);

export const pvpBotRoomParamsSchema = z.object({ roomCode: z.string().regex(/^[A-Z0-9-]{1,40}$/) });

export const pvpBotRoomUpdateSchema = z.strictObject({ isEnabled: z.boolean() });
export type PvpBotRoomUpdate = z.infer<typeof pvpBotRoomUpdateSchema>;
