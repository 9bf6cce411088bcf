import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { memberKnownAddresses, members } from './members.tables';

export type MemberRow = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;

export const findMemberById = async (db: Executor, id: bigint) => {
  const [row] = await db.select().from(members).where(eq(members.id, id)).limit(1);
  return row;
};

export const findMemberByUsername = async (db: Executor, brandId: bigint, username: string) => {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.brandId, brandId), sql`lower(${members.username}) = lower(${username})`))
    .limit(1);
  return row;
};

export const findMemberByMobile = async (
  db: Executor,
  brandId: bigint,
  countryDialingCode: string,
  mobileNum: string,
) => {
  const [row] = await db
    .select()
    .from(members)
    .where(
      and(
        eq(members.brandId, brandId),
        eq(members.countryDialingCode, countryDialingCode),
        eq(members.mobileNum, mobileNum),
      ),
    )
    .limit(1);
  return row;
};

/**
 * The agent behind an affiliate code: the member's own code, or one of the extra links an agent created in the
 * agent centre (`agent_affiliate_links`, any case); `registersAgents` when the link makes sub-agents.
 */
export const findAgentByAffiliateCode = async (
  db: Executor,
  brandId: bigint,
  code: string,
): Promise<(MemberRow & { registersAgents: boolean }) | undefined> => {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.brandId, brandId), eq(members.affiliateCode, code), eq(members.status, 'active')))
    .limit(1);
  if (row) return { ...row, registersAgents: false };
  const [linked] = await db
    .select({ member: members, memberType: sql<number>`l.member_type` })
    .from(members)
    .innerJoin(
      sql`agent_affiliate_links l`,
      sql`l.agent_id = ${members.id} and l.brand_id = ${brandId} and lower(l.code) = lower(${code})`,
    )
    .where(and(eq(members.brandId, brandId), eq(members.status, 'active')))
    .limit(1);
  return linked ? { ...linked.member, registersAgents: linked.memberType !== 0 } : undefined;
};

/** Inserts unless the name or number is taken; answers undefined on such a conflict. */
export const insertMember = async (db: Executor, member: NewMember) => {
  const [row] = await db.insert(members).values(member).onConflictDoNothing().returning();
  return row;
};

export const updateMember = (db: Executor, id: bigint, patch: Partial<NewMember>) =>
  db.update(members).set(patch).where(eq(members.id, id));

/** Counts a failed login and locks the account once the count reaches the limit, in one statement. */
export const recordFailedLogin = async (db: Executor, id: bigint, lockAfter: number, lockUntil: Date) => {
  const [row] = await db
    .update(members)
    .set({
      failedLoginCount: sql`${members.failedLoginCount} + 1`,
      lockedUntil: sql`case when ${members.failedLoginCount} + 1 >= ${lockAfter} then ${lockUntil.toISOString()}::timestamptz else ${members.lockedUntil} end`,
    })
    .where(eq(members.id, id))
    .returning({ failedLoginCount: members.failedLoginCount, lockedUntil: members.lockedUntil });
  return row;
};

/** Counts a wrong payment password, locking once `lockAfter` are wrong in a row. */
export const recordPaymentPasswordFailure = async (
  db: Executor,
  id: bigint,
  lockAfter: number,
  lockUntil: Date,
) => {
  await db
    .update(members)
    .set({
      paymentPasswordFailures: sql`case when ${members.paymentPasswordFailures} + 1 >= ${lockAfter} then 0 else ${members.paymentPasswordFailures} + 1 end`,
      paymentPasswordLockedUntil: sql`case when ${members.paymentPasswordFailures} + 1 >= ${lockAfter} then ${lockUntil.toISOString()}::timestamptz else ${members.paymentPasswordLockedUntil} end`,
    })
    .where(eq(members.id, id));
};

export const clearPaymentPasswordFailures = async (db: Executor, id: bigint) => {
  await db
    .update(members)
    .set({ paymentPasswordFailures: 0 })
    .where(and(eq(members.id, id), sql`${members.paymentPasswordFailures} > 0`));
};

export const isKnownAddress = async (db: Executor, memberId: bigint, ip: string) => {
  const [row] = await db
    .select({ ip: memberKnownAddresses.ip })
    .from(memberKnownAddresses)
    .where(and(eq(memberKnownAddresses.memberId, memberId), eq(memberKnownAddresses.ip, ip)))
    .limit(1);
  return row !== undefined;
};

export const rememberAddress = (db: Executor, memberId: bigint, ip: string) =>
  db
    .insert(memberKnownAddresses)
    .values({ memberId, ip })
    .onConflictDoUpdate({
      target: [memberKnownAddresses.memberId, memberKnownAddresses.ip],
      set: { lastSeenAt: new Date() },
    });
