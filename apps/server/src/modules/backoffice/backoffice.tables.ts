import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator staff: a separate population from players, with their own sessions. */
export const staff = pgTable('staff', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  username: text('username').notNull().unique(),
  displayName: text('display_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** Set for a temporary password (a new account, an admin's reset): nothing else works until it is changed. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  /** The TOTP secret (base32) once enrolment completed; null: the next sign-in enrols. */
  totpSecret: text('totp_secret'),
  /** The last TOTP time step accepted, so a code is never accepted twice. */
  totpLastStep: integer('totp_last_step'),
  /** Addresses or CIDR ranges the staff member may work from; empty: any. */
  allowedIps: text('allowed_ips').array().notNull().default([]),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Only a SHA-256 of the token is stored, so a database leak does not hand out sessions. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: bigint('staff_id', { mode: 'bigint' })
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId)],
);

/**
 * The step between the password and the second factor: a short-lived, single-use challenge (only its SHA-256
 * is stored). An enrolment challenge carries the new TOTP secret until a code from it is verified.
 */
export const staffLoginChallenges = pgTable(
  'staff_login_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: bigint('staff_id', { mode: 'bigint' })
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** 'totp' or 'enrol'. */
    stage: text('stage').notNull(),
    pendingTotpSecret: text('pending_totp_secret'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('staff_login_challenges_staff_idx').on(table.staffId)],
);

/** Single-use recovery codes of the second factor, stored as SHA-256 hashes. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: bigint('staff_id', { mode: 'bigint' })
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_recovery_codes_staff_idx').on(table.staffId, table.codeHash)],
);
