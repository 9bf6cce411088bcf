import { bigint, boolean, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from '../../site/site.tables';

/**
 * The operator's switch for house bots, per brand and room (a hold'em room code of pvp-rooms.ts, in every
 * currency of the brand). No row, or `is_enabled` false: no bot ever sits at the room's tables. On: a quiet
 * table of the room (one member waiting to play, nobody to play against) gets one bot (bots-driver.ts).
 */
export const pvpBotRooms = pgTable(
  'pvp_bot_rooms',
  {
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    roomCode: text('room_code').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.brandId, table.roomCode] })],
);
