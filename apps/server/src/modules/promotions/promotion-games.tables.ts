import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';
import { promotions } from './promotions.tables';

/**
 * A red envelope's packets, written once when the promotion first opens (amounts in minor units, summing to
 * the pool). A grab takes the free packet with the lowest index (`for update skip locked`), so concurrent grabs
 * each take a different packet or none.
 */
export const redEnvelopePackets = pgTable(
  'red_envelope_packets',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    promotionId: bigint('promotion_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotions.id),
    index: integer('index').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).references(() => members.id),
    takenAt: timestamp('taken_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('red_envelope_packets_index_key').on(table.promotionId, table.index),
    index('red_envelope_packets_free_idx')
      .on(table.promotionId, table.index)
      .where(sql`${table.memberId} is null`),
    index('red_envelope_packets_member_idx').on(table.memberId),
    check('red_envelope_packets_amount_check', sql`${table.amount} > 0`),
  ],
);

/**
 * A member's raffle tickets: whole tickets and what is left over of deposits and valid bets toward the next
 * one (minor units), so small amounts add up. One row per member and raffle, updated in the deposit's or bet's
 * transaction.
 */
export const raffleEntries = pgTable(
  'raffle_entries',
  {
    promotionId: bigint('promotion_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotions.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    tickets: bigint('tickets', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    depositRemainder: bigint('deposit_remainder', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    betRemainder: bigint('bet_remainder', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.promotionId, table.memberId] })],
);

/** One prize of a drawn raffle: the ticket that won it and whose it is. */
export type RaffleWin = { prize: number; amount: string; ticket: number; memberId: string; member: string };
/** A run of consecutive tickets of one member in the draw's ticket order. */
export type RaffleTicketRun = { memberId: string; first: number; tickets: number };

/**
 * A raffle's draw: the server seed committed (its hash shown) when the raffle opens, revealed when drawn.
 * The draw moves `status` from 'pending' to 'drawn' with a conditional update under the row's lock, so two
 * instances running the job draw it once.
 */
export const raffleDraws = pgTable(
  'raffle_draws',
  {
    promotionId: bigint('promotion_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => promotions.id),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    status: text('status').notNull().default('pending'),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    clientSeed: text('client_seed'),
    totalTickets: bigint('total_tickets', { mode: 'bigint' }),
    ticketOrder: jsonb('ticket_order').$type<RaffleTicketRun[]>(),
    winners: jsonb('winners').$type<RaffleWin[]>(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('raffle_draws_due_idx')
      .on(table.drawAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);
