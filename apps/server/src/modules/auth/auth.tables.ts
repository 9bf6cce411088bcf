import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';

/** Member sessions; only the SHA-256 of the 256-bit token is stored. */
export const memberSessions = pgTable(
  'member_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    loginMethod: text('login_method').notNull(),
    isRemembered: boolean('is_remembered').notNull().default(false),
    ip: text('ip').notNull(),
    /** The browser or app that signed in (its User-Agent, cut to 512); null before migration 0068. */
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('member_sessions_member_idx').on(table.memberId)],
);

/** A captcha's answer (hashed), bound to the visitor's captcha cookie; single use, short-lived. */
export const captchaChallenges = pgTable('captcha_challenges', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  ip: text('ip').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * One-time codes (hashed) sent by SMS or email, per purpose and recipient; attempts are counted so codes
 * cannot be guessed. The recipient is "+<dialing code><number>" for SMS and the lower-case address for email.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    purpose: text('purpose').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('verification_codes_recipient_idx').on(table.brandId, table.recipient, table.createdAt),
    index('verification_codes_ip_idx').on(table.ip, table.createdAt),
  ],
);

/** Every authentication event: who, when, from where, and the result. Insert-only. */
export const authEvents = pgTable(
  'auth_events',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' }).references(() => members.id),
    account: text('account').notNull(),
    event: text('event').notNull(),
    isSuccess: boolean('is_success').notNull(),
    ip: text('ip').notNull(),
    /** The browser or app that asked (its User-Agent, cut to 512); null before migration 0057. */
    userAgent: text('user_agent'),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('auth_events_ip_idx').on(table.ip, table.createdAt),
    index('auth_events_member_idx').on(table.memberId, table.createdAt),
    index('auth_events_failures_idx')
      .on(table.brandId, table.event, table.createdAt)
      .where(sql`not ${table.isSuccess}`),
  ],
);
