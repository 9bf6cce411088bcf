import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { staff } from '../backoffice/backoffice.tables';
import { brands } from '../site/site.tables';

/** Players, agents and trial accounts of a brand. Names are unique per brand regardless of case. */
export const members = pgTable(
  'members',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    username: text('username').notNull(),
    nickname: text('nickname').notNull(),
    /** 0 member, 1/2/41/42 agent, 4 trial (spec section 3). */
    type: smallint('type').notNull().default(0),
    status: text('status').notNull().default('active'),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an agent or operator created the account with the brand's default password. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    paymentPasswordHash: text('payment_password_hash'),
    countryDialingCode: text('country_dialing_code'),
    mobileNum: text('mobile_num'),
    email: text('email'),
    payeeName: text('payee_name'),
    line: text('line'),
    whatsapp: text('whatsapp'),
    facebook: text('facebook'),
    wechat: text('wechat'),
    telegram: text('telegram'),
    zalo: text('zalo'),
    address: text('address'),
    qqNum: text('qq_num'),
    idNumber: text('id_number'),
    /** The code an agent hands out; registering with it places the member under that agent. */
    affiliateCode: text('affiliate_code'),
    uplineId: bigint('upline_id', { mode: 'bigint' }),
    referralCode: text('referral_code'),
    avatarUrl: text('avatar_url'),
    /** The member's date of birth (profile); the VIP birthday bonus is paid on it. */
    birthday: date('birthday'),
    /** The site language the member last chose (getUpdateLanguage); null until they pick one. */
    language: text('language'),
    registerIp: text('register_ip'),
    registerDomain: text('register_domain'),
    registerUrl: text('register_url'),
    firstLoginAt: timestamp('first_login_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('members_brand_username_key').on(table.brandId, sql`lower(${table.username})`),
    uniqueIndex('members_brand_mobile_key')
      .on(table.brandId, table.countryDialingCode, table.mobileNum)
      .where(sql`${table.mobileNum} is not null`),
    uniqueIndex('members_brand_affiliate_key')
      .on(table.brandId, table.affiliateCode)
      .where(sql`${table.affiliateCode} is not null`),
    index('members_upline_idx').on(table.uplineId),
    // A member's invitees (the referral page and its qualification job): the code typed at registration.
    index('members_brand_referral_code_idx')
      .on(table.brandId, sql`upper(${table.referralCode})`)
      .where(sql`${table.referralCode} is not null`),
    // The console's member search (member-search.ts): a username, email or real name by its start, any
    // case (text_pattern_ops serves LIKE 'x%' whatever the collation), and a mobile number without its code.
    index('members_brand_username_search_idx').on(
      table.brandId,
      sql`lower(${table.username}) text_pattern_ops`,
    ),
    index('members_brand_email_search_idx')
      .on(table.brandId, sql`lower(${table.email}) text_pattern_ops`)
      .where(sql`${table.email} is not null`),
    index('members_brand_payee_name_search_idx')
      .on(table.brandId, sql`lower(${table.payeeName}) text_pattern_ops`)
      .where(sql`${table.payeeName} is not null`),
    index('members_brand_mobile_num_idx')
      .on(table.brandId, table.mobileNum)
      .where(sql`${table.mobileNum} is not null`),
    // The console's search by the address of the last login (migration 0057).
    index('members_brand_last_login_ip_idx')
      .on(table.brandId, table.lastLoginIp)
      .where(sql`${table.lastLoginIp} is not null`),
  ],
);

/** Addresses a member has logged in from; a new one triggers the extra verification step. */
export const memberKnownAddresses = pgTable(
  'member_known_addresses',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('member_known_addresses_key').on(table.memberId, table.ip),
    // Other members who logged in from the same address (the console's linked accounts).
    index('member_known_addresses_ip_idx').on(table.ip),
  ],
);

/**
 * The staff timeline of a member: notes staff wrote and the changes staff made (status, password resets, tags),
 * by whom; the audit trail records the same changes. Insert-only: a note is never edited.
 */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    staffId: bigint('staff_id', { mode: 'bigint' })
      .notNull()
      .references(() => staff.id),
    /** Kept with the entry: the timeline shows it without reading the staff table (the backoffice's). */
    staffUsername: text('staff_username').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('member_notes_member_idx').on(table.memberId, table.id),
    check(
      'member_notes_kind_check',
      sql`${table.kind} in ('note', 'status', 'password_reset', 'payment_password_reset', 'tag_added', 'tag_removed')`,
    ),
  ],
);

/** Staff's labels on a member ("vip-watch"), lower case, one of each per member; searchable in the brand. */
export const memberTags = pgTable(
  'member_tags',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    tag: text('tag').notNull(),
    staffId: bigint('staff_id', { mode: 'bigint' })
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.tag] }),
    index('member_tags_brand_tag_idx').on(table.brandId, table.tag),
  ],
);
