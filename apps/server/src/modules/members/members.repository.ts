import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/database';
import { numberArray } from '../../db/array-literals';
import { preparedPerExecutor } from '../../db/prepared';
import { memberKnownAddresses, memberNotes, members, memberTags } from './members.tables';

export type MemberRow = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;

const memberById = preparedPerExecutor((executor) =>
  executor
    .select()
    .from(members)
    .where(eq(members.id, sql.placeholder('id')))
    .limit(1)
    .prepare('members_by_id'),
);

/** Every signed-in request reads its member: prepared once per executor. */
export const findMemberById = async (db: Executor, id: bigint) => {
  const [row] = await memberById(db).execute({ id });
  return row;
};

const membersByIds = preparedPerExecutor((executor) =>
  executor
    .select()
    .from(members)
    .where(sql`${members.id} = any(${sql.placeholder('ids')}::bigint[])`)
    .prepare('members_by_ids'),
);

/** The members of these ids that exist (the signed-in requests of a moment read theirs together). */
export const findMembersByIds = (db: Executor, ids: readonly bigint[]) =>
  membersByIds(db).execute({ ids: numberArray(ids) });

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

/**
 * Locks the member's row for the rest of the caller's transaction, so one member's money and identity changes
 * (a withdrawal against the daily limits, the first payout account setting the real name) queue instead of
 * racing.
 */
export const lockMember = async (db: Executor, id: bigint): Promise<void> => {
  await db.select({ id: members.id }).from(members).where(eq(members.id, id)).for('update');
};

export type MemberName = { id: bigint; username: string; nickname: string };

export const listMemberNames = (db: Executor, ids: readonly bigint[]): Promise<MemberName[]> =>
  db
    .select({ id: members.id, username: members.username, nickname: members.nickname })
    .from(members)
    .where(inArray(members.id, [...ids]));

/** The members whose direct upline is `uplineId` (never itself), of the given types, by name. */
export const listDirectDownlineNames = (
  db: Executor,
  query: { brandId: bigint; uplineId: bigint; types: readonly number[]; limit: number },
): Promise<MemberName[]> =>
  db
    .select({ id: members.id, username: members.username, nickname: members.nickname })
    .from(members)
    .where(
      and(
        eq(members.brandId, query.brandId),
        eq(members.uplineId, query.uplineId),
        sql`${members.id} <> ${query.uplineId}`,
        inArray(members.type, [...query.types]),
      ),
    )
    .orderBy(asc(members.username))
    .limit(query.limit);

/** How far up an upline chain is followed; real hierarchies are far shallower, a cycle is cut here. */
const maxLineDepth = 100;

/**
 * The member named `username` in the brand, only when `agentId` is above them at any depth. It walks up
 * from the named member (as deep as the line, never as wide as the agent's whole downline); the depth bound
 * ends a cycle in bad data.
 */
export const findDownlineMemberId = async (
  db: Executor,
  brandId: bigint,
  agentId: bigint,
  username: string,
): Promise<bigint | undefined> => {
  const [row] = await selectRows<{ id: bigint }>(
    db,
    sql`
      with recursive chain (member_id, upline_id, depth) as (
        select id, upline_id, 0 from members where brand_id = ${brandId} and lower(username) = lower(${username})
        union all
        select m.id, m.upline_id, chain.depth + 1
        from members m join chain on m.id = chain.upline_id
        where m.brand_id = ${brandId} and chain.depth < ${maxLineDepth}
      )
      select member_id as id from chain
      where depth = 0 and member_id <> ${agentId}
        and exists (select from chain above where above.depth > 0 and above.member_id = ${agentId})
    `,
  );
  return row?.id;
};

/** What the console's member search looks for; every criterion given is tried, a member matching any is found. */
export type MemberSearchCriteria = {
  id?: bigint;
  /** Lower-case starts of the username, the email and the real name. */
  usernameStart?: string;
  emailStart?: string;
  realNameStart?: string;
  /** A phone number's digits: the mobile number alone, or with its dialing code or a leading 0 before it. */
  phoneDigits?: string;
  /** The upline agent's username, lower case: the members directly under that agent. */
  uplineUsername?: string;
  /** A payout account number as the member gave it (any account, removed ones too). */
  payoutAccountNumber?: string;
  /** The address of the member's last login. */
  lastLoginIp?: string;
  /** A staff tag, lower case. */
  tag?: string;
};

/** `text%` for LIKE, with LIKE's own characters (and its escape, the backslash) taken literally. */
const startsWith = (text: string): string => `${text.replaceAll(/[\\%_]/g, (match) => `\\${match}`)}%`;

/**
 * The ids of the brand's members matching any criterion: one arm per criterion, each served by an index within
 * the brand (migrations 0037 and 0057), merged by a union. (One query OR-ing them all leads the planner to walk
 * every member when matches are rare.) lower(column) LIKE 'start%' uses the text_pattern_ops indexes; the mobile
 * number is looked up by equality (the digits typed with up to four digits of dialing code or a 0 cut off) and
 * then checked whole; the id by the primary key; the upline by the agent's name, then the members under it; a
 * payout account number through the payments module's published view; a tag in member_tags.
 */
export const memberSearchIdsQuery = (brandId: bigint, criteria: MemberSearchCriteria) => {
  const { id, usernameStart, emailStart, realNameStart, phoneDigits } = criteria;
  const within = (condition: SQL) =>
    sql`(select id from members where brand_id = ${brandId} and ${condition})`;
  const startsLike = (column: SQL, start: string | undefined) =>
    start === undefined ? undefined : within(sql`lower(${column}) like ${startsWith(start)}`);
  const phoneCandidates =
    phoneDigits === undefined
      ? []
      : [0, 1, 2, 3, 4].map((cut) => phoneDigits.slice(cut)).filter((digits) => digits.length >= 4);
  const arms = [
    id === undefined ? undefined : within(sql`id = ${id}`),
    startsLike(sql`username`, usernameStart),
    startsLike(sql`email`, emailStart),
    startsLike(sql`payee_name`, realNameStart),
    phoneDigits === undefined || phoneCandidates.length === 0
      ? undefined
      : within(sql`mobile_num in (${sql.join(
          phoneCandidates.map((digits) => sql`${digits}`),
          sql`, `,
        )})
          and (mobile_num = ${phoneDigits}
            or coalesce(country_dialing_code, '') || mobile_num = ${phoneDigits}
            or '0' || mobile_num = ${phoneDigits})`),
    criteria.uplineUsername === undefined
      ? undefined
      : within(sql`upline_id in (select id from members where brand_id = ${brandId}
          and lower(username) = ${criteria.uplineUsername})`),
    criteria.lastLoginIp === undefined ? undefined : within(sql`last_login_ip = ${criteria.lastLoginIp}`),
    criteria.payoutAccountNumber === undefined
      ? undefined
      : sql`(select member_id as id from payments_payout_account_numbers
          where brand_id = ${brandId} and account_number = ${criteria.payoutAccountNumber})`,
    criteria.tag === undefined
      ? undefined
      : sql`(select member_id as id from member_tags where brand_id = ${brandId} and tag = ${criteria.tag})`,
  ].filter((arm) => arm !== undefined);
  if (arms.length === 0) return undefined;
  return sql.join(arms, sql` union `);
};

export type MemberSearchOrder = {
  sort: 'registered' | 'username' | 'lastLogin';
  order: 'asc' | 'desc';
  pageNo: number;
  pageSize: number;
};

/** The order of a page of results; the id last, so equal keys keep one order from page to page. */
const orderOf = ({ sort, order }: MemberSearchOrder): SQL => {
  const direction = sql.raw(order === 'asc' ? 'asc' : 'desc');
  if (sort === 'username') return sql`lower(username) ${direction}, id ${direction}`;
  if (sort === 'lastLogin') return sql`last_login_at ${direction} nulls last, id ${direction}`;
  return sql`id ${direction}`;
};

/** A page of the brand's members matching any criterion, in the order asked, and how many match in all. */
export const searchMembers = async (
  db: Executor,
  brandId: bigint,
  criteria: MemberSearchCriteria,
  page: MemberSearchOrder,
): Promise<{ rows: MemberRow[]; total: number }> => {
  const idsQuery = memberSearchIdsQuery(brandId, criteria);
  if (idsQuery === undefined) return { rows: [], total: 0 };
  const [found, [counted]] = await Promise.all([
    selectRows<{ id: bigint | string }>(
      db,
      sql`select id from members where id in (${idsQuery}) order by ${orderOf(page)}
        limit ${page.pageSize} offset ${(page.pageNo - 1) * page.pageSize}`,
    ),
    selectRows<{ total: number | string }>(db, sql`select count(*) as total from (${idsQuery}) found`),
  ]);
  const ids = found.map((row) => BigInt(row.id));
  const rows = ids.length === 0 ? [] : await db.select().from(members).where(inArray(members.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    rows: ids.flatMap((id) => byId.get(id) ?? []),
    total: Number(counted?.total ?? 0),
  };
};

/** The member, only when it belongs to the brand. */
export const findMemberInBrand = async (db: Executor, brandId: bigint, id: bigint) => {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.id, id), eq(members.brandId, brandId)))
    .limit(1);
  return row;
};

export type NewMemberNote = typeof memberNotes.$inferInsert;
export type MemberNoteRow = typeof memberNotes.$inferSelect;

export const insertMemberNote = (db: Executor, note: NewMemberNote) => db.insert(memberNotes).values(note);

/** The member's timeline, newest first. */
export const listMemberNotes = (db: Executor, memberId: bigint, limit: number): Promise<MemberNoteRow[]> =>
  db
    .select()
    .from(memberNotes)
    .where(eq(memberNotes.memberId, memberId))
    .orderBy(desc(memberNotes.id))
    .limit(limit);

/** Adds the tag unless the member has it; answers whether it was added. */
export const insertMemberTag = async (db: Executor, tag: typeof memberTags.$inferInsert) =>
  (await db.insert(memberTags).values(tag).onConflictDoNothing().returning({ tag: memberTags.tag })).length >
  0;

/** Removes the tag; answers whether the member had it. */
export const deleteMemberTag = async (db: Executor, memberId: bigint, tag: string) =>
  (
    await db
      .delete(memberTags)
      .where(and(eq(memberTags.memberId, memberId), eq(memberTags.tag, tag)))
      .returning({ tag: memberTags.tag })
  ).length > 0;

export const listMemberTags = async (db: Executor, memberId: bigint): Promise<string[]> =>
  (
    await db
      .select({ tag: memberTags.tag })
      .from(memberTags)
      .where(eq(memberTags.memberId, memberId))
      .orderBy(asc(memberTags.tag))
  ).map((row) => row.tag);

/** Other members of the brand who logged in from an address the member logged in from (member_known_addresses). */
export const listMembersSharingLoginIp = (
  db: Executor,
  brandId: bigint,
  memberId: bigint,
  limit: number,
): Promise<Array<{ memberId: bigint | string; ip: string }>> =>
  selectRows<{ memberId: bigint | string; ip: string }>(
    db,
    sql`
      select distinct on (other.member_id) other.member_id as "memberId", other.ip
      from member_known_addresses own
      join member_known_addresses other on other.ip = own.ip and other.member_id <> own.member_id
      join members m on m.id = other.member_id and m.brand_id = ${brandId}
      where own.member_id = ${memberId}
      order by other.member_id, other.last_seen_at desc
      limit ${limit}
    `,
  );

/**
 * Other members of the brand who added a payout account with the same number as one of the member's (removed
 * accounts too), through the payments module's published view.
 */
export const listMembersSharingPayoutAccount = (
  db: Executor,
  brandId: bigint,
  memberId: bigint,
  limit: number,
): Promise<Array<{ memberId: bigint | string; accountNumber: string }>> =>
  selectRows<{ memberId: bigint | string; accountNumber: string }>(
    db,
    sql`
      select distinct on (other.member_id) other.member_id as "memberId", other.account_number as "accountNumber"
      from payments_payout_account_numbers own
      join payments_payout_account_numbers other
        on other.brand_id = own.brand_id and other.account_number = own.account_number
          and other.member_id <> own.member_id
      where own.member_id = ${memberId} and own.brand_id = ${brandId}
      order by other.member_id
      limit ${limit}
    `,
  );

export const listMembersByIds = (db: Executor, ids: readonly bigint[]): Promise<MemberRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(members)
        .where(inArray(members.id, [...ids]));

export type PersonDetails = {
  countryDialingCode: string | null;
  mobileNum: string | null;
  email: string | null;
  idNumber: string | null;
};

/**
 * Whether one of these members has the person's mobile number, email or ID number (player protection asks it of
 * the members it excludes). The mobile number matches with its dialling code when both sides have one; the email
 * in any case; the ID number in any case, without spaces or dashes.
 */
export const hasMemberLikePerson = async (
  executor: Executor,
  memberIds: readonly bigint[],
  person: PersonDetails,
): Promise<boolean> => {
  const matches: SQL[] = [];
  if (person.mobileNum) {
    matches.push(sql`(m.mobile_num = ${person.mobileNum} and (${person.countryDialingCode}::text is null
      or m.country_dialing_code is null or m.country_dialing_code = ${person.countryDialingCode}))`);
  }
  if (person.email) matches.push(sql`lower(m.email) = lower(${person.email})`);
  if (person.idNumber) {
    matches.push(sql`upper(regexp_replace(m.id_number, '[[:space:]-]', '', 'g'))
      = upper(regexp_replace(${person.idNumber}, '[[:space:]-]', '', 'g'))`);
  }
  if (matches.length === 0 || memberIds.length === 0) return false;
  const [row] = await selectRows<{ found: boolean }>(
    executor,
    sql`select exists (
        select 1 from members m
        where m.id = any(${numberArray(memberIds)}::bigint[]) and (${sql.join(matches, sql` or `)})
      ) as found`,
  );
  return row?.found === true;
};
