import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { brands } from '../site/site.tables';

/** Operator staff: a separate population from players, with their own sessions. */
export const staff = pgTable('staff', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  username: text('username').notNull().unique(),
  displayName: text('display_name').notNull(),
  passwordHash: text('password_hash').notNull(),
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

/**
 * A brand's roles: named sets of permissions (the keys of the contracts' permission catalogue). Every brand gets
 * the presets (admin, finance, risk, support, content, marketing); admins edit them and add their own.
 */
export const staffRoles = pgTable(
  'staff_roles',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The preset the role was made from; null for an admin's own role. Presets cannot be deleted. */
    presetKey: text('preset_key'),
    permissions: text('permissions').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('staff_roles_brand_name_idx').on(table.brandId, sql`lower(${table.name})`),
    uniqueIndex('staff_roles_brand_preset_idx').on(table.brandId, table.presetKey),
    // The target of the assignments' (role, brand) key, so a staff member's role is always of that brand.
    unique('staff_roles_id_brand_unique').on(table.id, table.brandId),
  ],
);

/** A staff member's role in a brand: at most one per brand; none means no access to that brand. */
export const staffRoleAssignments = pgTable(
  'staff_role_assignments',
  {
    staffId: bigint('staff_id', { mode: 'bigint' })
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    roleId: bigint('role_id', { mode: 'bigint' }).notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.staffId, table.brandId] }),
    foreignKey({
      name: 'staff_role_assignments_role_fk',
      columns: [table.roleId, table.brandId],
      foreignColumns: [staffRoles.id, staffRoles.brandId],
    }),
    index('staff_role_assignments_role_idx').on(table.roleId),
  ],
);
