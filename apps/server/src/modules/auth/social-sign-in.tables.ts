import { socialProviders } from '@wps/contracts/social-sign-in';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';

/** The provider list of the contracts, enforced by the database too. */
const providerCheck = (name: string, column: AnyPgColumn) =>
  check(name, sql`${column} in (${sql.raw(socialProviders.map((provider) => `'${provider}'`).join(', '))})`);

/**
 * A brand's client registration at a provider (an OpenID Connect issuer). The secret is write-only through
 * the operator API and never audited; like the brand's SMS and SMTP credentials it is kept in the database.
 */
export const brandSocialProviders = pgTable(
  'brand_social_providers',
  {
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: socialProviders }).notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.brandId, table.provider] }),
    providerCheck('brand_social_providers_provider_check', table.provider),
  ],
);

/** A provider's account (its `sub`) linked to a member; one member per account, per brand. */
export const memberSocialIdentities = pgTable(
  'member_social_identities',
  {
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: socialProviders }).notNull(),
    subject: text('subject').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.brandId, table.provider, table.subject] }),
    index('member_social_identities_member_idx').on(table.memberId),
    providerCheck('member_social_identities_provider_check', table.provider),
  ],
);

/**
 * A sign-in under way between the redirect to the provider and its callback: the PKCE verifier and nonce
 * stay here, never in the browser. Keyed by the SHA-256 of `state`, deleted when used, expiring in minutes.
 */
export const socialSignInAttempts = pgTable(
  'social_sign_in_attempts',
  {
    stateHash: text('state_hash').primaryKey(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: socialProviders }).notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** The exact redirect URI of the authorization request, which the code exchange must repeat. */
    redirectUri: text('redirect_uri').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('social_sign_in_attempts_expiry_idx').on(table.expiresAt),
    index('social_sign_in_attempts_ip_idx').on(table.ip, table.createdAt),
  ],
);
