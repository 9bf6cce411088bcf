import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { currencies } from '../wallet/wallet.tables';

/**
 * How a vendor's games are played: `seamless` vendors call our wallet with the Hub88 Operator Wallet
 * protocol; `house` games are our own (slot, crash, lottery) and settle through the ledger directly.
 */
export const vendorIntegrations = ['seamless', 'house'] as const;
export type VendorIntegration = (typeof vendorIntegrations)[number];

/**
 * A game vendor, platform-wide (staff are platform-wide too). `code` is the spec's `vassalage`. A seamless
 * vendor has the RSA public key its wallet calls are verified with and the URL its games launch at.
 */
export const gameVendors = pgTable(
  'game_vendors',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    displayName: text('display_name').notNull(),
    integration: text('integration', { enum: vendorIntegrations }).notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /**
     * PEM (SPKI) public key that verifies `X-Hub88-Signature` on the vendor's wallet calls. A seamless vendor
     * without one (or without a launch URL) is not connected yet: its calls fail the signature check and its
     * games do not launch.
     */
    walletPublicKey: text('wallet_public_key'),
    /** Where a launch sends the player; the platform adds token, game, currency, language and mode. */
    launchUrl: text('launch_url'),
    /** Demo content shipped with the platform (our own generated games, not a real vendor's). */
    isDemo: boolean('is_demo').notNull().default(false),
    /**
     * An operator's maintenance switch: while on and `maintenanceEndsAt` (when set) is still ahead, the
     * vendor's games do not launch. Past its end, maintenance is over without anyone switching it off.
     */
    isUnderMaintenance: boolean('is_under_maintenance').notNull().default(false),
    maintenanceEndsAt: timestamp('maintenance_ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('game_vendors_code_check', sql`${table.code} ~ '^[A-Z0-9_]{2,24}$'`),
    check('game_vendors_integration_check', sql`${table.integration} in ('seamless', 'house')`),
  ],
);

/**
 * A vendor's tile in one stored game type (the spec's vendor card). Stored types are RNG, LIVE, FISH, SPORTS,
 * PVP, LOTT and ELOTT; ESPORTS and COCKFIGHT are SPORTS tiles of the e-sports and cockfight vendors, split
 * when read (contracts `categoryOf`).
 */
export const gameVendorTiles = pgTable(
  'game_vendor_tiles',
  {
    vendorId: bigint('vendor_id', { mode: 'bigint' })
      .notNull()
      .references(() => gameVendors.id),
    gameType: text('game_type').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The spec's `isGame: VASSALAGE`: the tile opens a popup list of the vendor's games. */
    opensGameList: boolean('opens_game_list').notNull().default(false),
    /** The spec's `freeplay` on the tile: free play available. */
    freeplay: boolean('freeplay').notNull().default(false),
    accountTypeName: text('account_type_name').notNull().default(''),
    isEnabled: boolean('is_enabled').notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.vendorId, table.gameType] })],
);

/** One game of the catalogue; `id` is the spec's `nodeId`. */
export const games = pgTable(
  'games',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    vendorId: bigint('vendor_id', { mode: 'bigint' })
      .notNull()
      .references(() => gameVendors.id),
    gameType: text('game_type').notNull(),
    gameCode: text('game_code').notNull(),
    name: text('name').notNull(),
    /** The name lower-cased, accents removed, spaces collapsed (contracts `searchableName`); trigram-indexed. */
    searchName: text('search_name').notNull(),
    /** Subcategory (SLOT, SCRATCH, VIDEO_POKER, JACKPOT, TABLE, ARCADE, BINGO, …), the spec's gameClassify. */
    classify: text('classify').notNull().default('SLOT'),
    isHot: boolean('is_hot').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    /** Free trial (demo money) available: the spec's `supportPlay` 0. */
    hasTrial: boolean('has_trial').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** Artwork of the vendor's own; null means the platform's generated art under /TCG_GAME_ICONS. */
    iconUrl: text('icon_url'),
    largeIconUrl: text('large_icon_url'),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('games_vendor_code_key').on(table.vendorId, table.gameCode),
    index('games_type_order_idx').on(table.gameType, table.sortOrder, table.id),
    index('games_vendor_type_order_idx').on(table.vendorId, table.gameType, table.sortOrder, table.id),
    index('games_search_name_trgm_idx').using('gin', sql`${table.searchName} gin_trgm_ops`),
  ],
);

export const favoriteGames = pgTable(
  'favorite_games',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => games.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameId] }),
    index('favorite_games_member_created_idx').on(table.memberId, table.createdAt),
  ],
);

/** Games a member launched, most recent first; one row per game, its time moved on each launch. */
export const recentGames = pgTable(
  'recent_games',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => games.id),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameId] }),
    index('recent_games_member_played_idx').on(table.memberId, table.playedAt),
  ],
);

/**
 * A launch: the one-time token handed to the vendor in the launch URL (only its SHA-256 is kept). The vendor
 * presents it on `/user/info` and on bets; bets are refused once it expired, wins and rollbacks are not.
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    vendorId: bigint('vendor_id', { mode: 'bigint' })
      .notNull()
      .references(() => gameVendors.id),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => games.id),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('game_sessions_member_idx').on(table.memberId, table.createdAt)],
);

export const roundStatuses = ['open', 'settled'] as const;
export type RoundStatus = (typeof roundStatuses)[number];

/**
 * A game round of one member: the vendor's round id with the sums of its bets, wins and refunds in minor
 * units. `validBet` (turnover) is bets less refunds, counted when the round settles. `productLine` is the
 * category the game is shown in (ESPORTS and COCKFIGHT included). House games keep their proof in `details`.
 */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    vendorId: bigint('vendor_id', { mode: 'bigint' })
      .notNull()
      .references(() => gameVendors.id),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => games.id),
    roundRef: text('round_ref').notNull(),
    productLine: text('product_line').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    status: text('status', { enum: roundStatuses }).notNull().default('open'),
    betAmount: bigint('bet_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    winAmount: bigint('win_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    refundedAmount: bigint('refunded_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    validBet: bigint('valid_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * How much of this round's valid bet has been counted on the member's turnover: a round that settles again
     * (re-opened by a late bet) adds the difference once; a refund after settlement takes its part back.
     */
    turnoverRecorded: bigint('turnover_recorded', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The part of `betAmount` staked with bonus money: a win's share of it returns to the bonus balance. */
    bonusStaked: bigint('bonus_staked', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    details: jsonb('details').$type<Record<string, unknown> | null>(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('game_rounds_vendor_member_round_key').on(table.vendorId, table.memberId, table.roundRef),
    index('game_rounds_member_opened_idx').on(table.memberId, table.openedAt),
    index('game_rounds_brand_opened_idx').on(table.brandId, table.openedAt),
    // A brand's rounds settled in a period: the daily rebate and cashback read a day or a week of them.
    index('game_rounds_brand_settled_idx')
      .on(table.brandId, table.settledAt)
      .where(sql`${table.status} = 'settled'`),
    // Open rounds by their last call: the idle-round closing job finds those left without a closing call.
    index('game_rounds_open_idle_idx')
      .on(table.updatedAt)
      .where(sql`${table.status} = 'open'`),
    check('game_rounds_status_check', sql`${table.status} in ('open', 'settled')`),
    check(
      'game_rounds_amounts_check',
      sql`${table.betAmount} >= 0 and ${table.winAmount} >= 0 and ${table.refundedAmount} >= 0 and ${table.refundedAmount} <= ${table.betAmount}`,
    ),
  ],
);

export const gameTransactionKinds = ['bet', 'win', 'rollback', 'tombstone'] as const;
export type GameTransactionKind = (typeof gameTransactionKinds)[number];

/**
 * Every wallet call that moved (or refused to move) money, once per vendor and `transaction_uuid`, kept for
 * at least four months. A rollback of an unknown transaction leaves a `tombstone` under the referenced uuid,
 * so that the bet, arriving late, is refused. `requestHash` covers the fields whose change makes a repeat a
 * different transaction (user, amount, currency, round, game, reference).
 */
export const gameTransactions = pgTable(
  'game_transactions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    vendorId: bigint('vendor_id', { mode: 'bigint' })
      .notNull()
      .references(() => gameVendors.id),
    transactionUuid: text('transaction_uuid').notNull(),
    kind: text('kind', { enum: gameTransactionKinds }).notNull(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    roundId: bigint('round_id', { mode: 'bigint' }).references(() => gameRounds.id),
    referenceUuid: text('reference_uuid'),
    amount: bigint('amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    requestHash: text('request_hash').notNull(),
    /** The part of a bet staked with bonus money, which its rollback returns to the bonus balance. */
    bonusAmount: bigint('bonus_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Set on a bet that a rollback refunded. */
    isRolledBack: boolean('is_rolled_back').notNull().default(false),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('game_transactions_vendor_uuid_key').on(table.vendorId, table.transactionUuid),
    index('game_transactions_round_idx').on(table.roundId),
    index('game_transactions_wins_idx')
      .on(table.brandId, table.createdAt)
      .where(sql`${table.kind} = 'win' and ${table.amount} > 0`),
    check('game_transactions_kind_check', sql`${table.kind} in ('bet', 'win', 'rollback', 'tombstone')`),
    check('game_transactions_amount_check', sql`${table.amount} >= 0`),
  ],
);

/**
 * The platform's RSA key pair that signs its vendor wallet answers (`X-Hub88-Signature`). Kept in the database
 * so every instance signs with the same key, the one published at `GET /wps/vendor-wallet/public-key`. A fixed
 * id: instances that start together race on the primary key and all use the first pair stored.
 */
export const vendorWalletKeys = pgTable('vendor_wallet_keys', {
  keyId: text('key_id').primaryKey(),
  /** SubjectPublicKeyInfo, PEM. */
  publicKeyPem: text('public_key_pem').notNull(),
  /** PKCS #8, PEM. */
  privateKeyPem: text('private_key_pem').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
