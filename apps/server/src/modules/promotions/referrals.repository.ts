import { eq, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/database';
import { referralCodes } from './referrals.tables';

export type InviteeRow = { id: bigint; username: string; createdAt: Date };
export type InviteeProgress = { memberId: bigint; deposited: bigint; validBet: bigint };

export const findReferralCode = async (executor: Executor, memberId: bigint): Promise<string | undefined> => {
  const [row] = await executor
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(eq(referralCodes.memberId, memberId));
  return row?.code;
};

/** False when the code is taken in the brand or the member got one meanwhile (the caller reads again). */
export const insertReferralCode = async (
  executor: Executor,
  row: { memberId: bigint; brandId: bigint; code: string },
): Promise<boolean> => {
  const inserted = await executor
    .insert(referralCodes)
    .values(row)
    .onConflictDoNothing()
    .returning({ code: referralCodes.code });
  return inserted.length > 0;
};

/** Members of the brand who registered with `code` (any case), oldest first, the referrer never. */
export const listInvitees = async (
  executor: Executor,
  brandId: bigint,
  referrerId: bigint,
  code: string,
  limit: number,
): Promise<InviteeRow[]> => {
  const rows = await selectRows<{ id: string; username: string; created_at: string | Date }>(
    executor,
    sql`
    select id::text as id, username, created_at from members_referrals
    where brand_id = ${brandId}::bigint and upper(referral_code) = ${code.toUpperCase()}::text
      and id <> ${referrerId}::bigint
    order by id
    limit ${limit}`,
  );
  return rows.map((row) => ({
    id: BigInt(row.id),
    username: row.username,
    createdAt: new Date(row.created_at),
  }));
};

/**
 * Invitees of the brand's members (pairs of referrer and invitee, by invitee id after `afterId`) who have no
 * referral reward yet: the qualification job's next batch.
 */
export const listUnrewardedInvitees = async (
  executor: Executor,
  brandId: bigint,
  afterId: bigint,
  limit: number,
): Promise<Array<{ inviteeId: bigint; referrerId: bigint }>> => {
  const rows = await selectRows<{ invitee_id: string; referrer_id: string }>(
    executor,
    sql`
    select m.id::text as invitee_id, c.member_id::text as referrer_id
    from members_referrals m
    join referral_codes c on c.brand_id = m.brand_id and c.code = upper(m.referral_code)
    where m.brand_id = ${brandId}::bigint and m.id > ${afterId}::bigint and m.id <> c.member_id
      and not exists (
        select 1 from member_rewards r
        where r.member_id = c.member_id and r.source = 'referral' and r.reference = 'referral:' || m.id::text
      )
    order by m.id
    limit ${limit}`,
  );
  return rows.map((row) => ({ inviteeId: BigInt(row.invitee_id), referrerId: BigInt(row.referrer_id) }));
};

/**
 * What each member has deposited (credited deposits, from the wallet's published postings) and bet validly
 * (settled rounds of every product line, from the games' published rounds) in `currency`, ever.
 */
export const listInviteeProgress = async (
  executor: Executor,
  memberIds: readonly bigint[],
  currency: string,
): Promise<InviteeProgress[]> => {
  if (memberIds.length === 0) return [];
  const ids = `{${memberIds.join(',')}}`;
  const rows = await selectRows<{ member_id: string; deposited: string; valid_bet: string }>(
    executor,
    sql`
    select m.id::text as member_id,
      coalesce((
        select sum(p.amount) from wallet_member_postings p
        join wallet_transactions t on t.id = p.transaction_id
        where p.member_id = m.id and p.currency = ${currency}::text and t.kind = 'deposit' and p.amount > 0
      ), 0)::text as deposited,
      coalesce((
        select sum(r.valid_bet) from games_settled_rounds r
        where r.member_id = m.id and r.currency = ${currency}::text
      ), 0)::text as valid_bet
    from unnest(${ids}::bigint[]) as m(id)`,
  );
  return rows.map((row) => ({
    memberId: BigInt(row.member_id),
    deposited: BigInt(row.deposited),
    validBet: BigInt(row.valid_bet),
  }));
};
