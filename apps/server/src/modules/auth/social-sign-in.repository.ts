import type { SocialProvider } from '@wps/contracts/social-sign-in';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { brandSocialProviders, memberSocialIdentities, socialSignInAttempts } from './social-sign-in.tables';

export type SocialProviderRow = typeof brandSocialProviders.$inferSelect;
export type SocialSignInAttemptRow = typeof socialSignInAttempts.$inferSelect;

/** A provider's verified account: the `sub` of a validated ID token and the claims a new member starts with. */
export type SocialIdentity = {
  provider: SocialProvider;
  subject: string;
  name: string | undefined;
  /** Only an address the provider says it verified. */
  email: string | undefined;
};

export const findProviderConfig = async (db: Executor, brandId: bigint, provider: SocialProvider) => {
  const [row] = await db
    .select()
    .from(brandSocialProviders)
    .where(and(eq(brandSocialProviders.brandId, brandId), eq(brandSocialProviders.provider, provider)))
    .limit(1);
  return row;
};

export const listProviderConfigs = (db: Executor, brandId: bigint) =>
  db
    .select()
    .from(brandSocialProviders)
    .where(eq(brandSocialProviders.brandId, brandId))
    .orderBy(asc(brandSocialProviders.provider));

/** The current configuration, locked until the operator's transaction ends, so its audit is exact. */
export const lockProviderConfig = async (db: Executor, brandId: bigint, provider: SocialProvider) => {
  const [row] = await db
    .select()
    .from(brandSocialProviders)
    .where(and(eq(brandSocialProviders.brandId, brandId), eq(brandSocialProviders.provider, provider)))
    .for('update')
    .limit(1);
  return row;
};

export const upsertProviderConfig = async (
  db: Executor,
  config: typeof brandSocialProviders.$inferInsert,
) => {
  const [row] = await db
    .insert(brandSocialProviders)
    .values(config)
    .onConflictDoUpdate({
      target: [brandSocialProviders.brandId, brandSocialProviders.provider],
      set: {
        issuer: config.issuer,
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        isEnabled: config.isEnabled,
        updatedAt: config.updatedAt,
      },
    })
    .returning();
  return row;
};

export const insertAttempt = (db: Executor, attempt: typeof socialSignInAttempts.$inferInsert) =>
  db.insert(socialSignInAttempts).values(attempt);

/** Takes the attempt out of the table if it is unexpired: each `state` can complete at most one sign-in. */
export const consumeAttempt = async (db: Executor, stateHash: string) => {
  const [row] = await db
    .delete(socialSignInAttempts)
    .where(and(eq(socialSignInAttempts.stateHash, stateHash), gt(socialSignInAttempts.expiresAt, new Date())))
    .returning();
  return row;
};

export const deleteExpiredAttempts = (db: Executor) =>
  db.delete(socialSignInAttempts).where(lte(socialSignInAttempts.expiresAt, new Date()));

export const findLinkedMemberId = async (
  db: Executor,
  brandId: bigint,
  provider: SocialProvider,
  subject: string,
) => {
  const [row] = await db
    .select({ memberId: memberSocialIdentities.memberId })
    .from(memberSocialIdentities)
    .where(
      and(
        eq(memberSocialIdentities.brandId, brandId),
        eq(memberSocialIdentities.provider, provider),
        eq(memberSocialIdentities.subject, subject),
      ),
    )
    .limit(1);
  return row?.memberId;
};

/** Links the account unless it is already linked (a concurrent first sign-in); answers whether it linked. */
export const linkIdentity = async (db: Executor, identity: typeof memberSocialIdentities.$inferInsert) => {
  const [row] = await db
    .insert(memberSocialIdentities)
    .values(identity)
    .onConflictDoNothing()
    .returning({ memberId: memberSocialIdentities.memberId });
  return row !== undefined;
};
