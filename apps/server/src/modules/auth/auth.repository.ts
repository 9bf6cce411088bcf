import { and, count, desc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/database';
import { textArray } from '../../db/array-literals';
import { preparedPerExecutor } from '../../db/prepared';
import { authEvents, captchaChallenges, memberSessions, verificationCodes } from './auth.tables';

export type NewAuthEvent = typeof authEvents.$inferInsert;
export type SessionRow = typeof memberSessions.$inferSelect;

export const insertSession = (db: Executor, session: typeof memberSessions.$inferInsert) =>
  db.insert(memberSessions).values(session);

const liveSession = preparedPerExecutor((executor) =>
  executor
    .select()
    .from(memberSessions)
    .where(
      and(
        eq(memberSessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(memberSessions.revokedAt),
        sql`${memberSessions.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
        sql`(${memberSessions.isRemembered} or ${memberSessions.lastSeenAt} > ${sql.placeholder('idleSince')}::timestamptz)`,
      ),
    )
    .limit(1)
    .prepare('member_sessions_live'),
);

/**
 * The session behind a token hash if it is unrevoked, unexpired and was used after `idleSince` (every signed-in
 * request asks: prepared once per executor).
 */
export const findLiveSession = async (db: Executor, tokenHash: string, idleSince: Date) => {
  const [row] = await liveSession(db).execute({
    tokenHash,
    now: new Date().toISOString(),
    idleSince: idleSince.toISOString(),
  });
  return row;
};

const liveSessions = preparedPerExecutor((executor) =>
  executor
    .select()
    .from(memberSessions)
    .where(
      and(
        sql`${memberSessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
        isNull(memberSessions.revokedAt),
        sql`${memberSessions.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
        sql`(${memberSessions.isRemembered} or ${memberSessions.lastSeenAt} > ${sql.placeholder('idleSince')}::timestamptz)`,
      ),
    )
    .prepare('member_sessions_live_many'),
);

/** `findLiveSession` for several token hashes at once: the live sessions among them. */
export const findLiveSessions = (db: Executor, tokenHashes: readonly string[], idleSince: Date) =>
  liveSessions(db).execute({
    tokenHashes: textArray(tokenHashes),
    now: new Date().toISOString(),
    idleSince: idleSince.toISOString(),
  });

/**
 * Moves the session's idle timer when it was last moved at or before `seenBy`; answers whether this call moved
 * it, so of requests arriving together exactly one does (and counts the time since).
 */
export const touchSession = async (db: Executor, tokenHash: string, seenBy: Date): Promise<boolean> => {
  const moved = await db
    .update(memberSessions)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(memberSessions.tokenHash, tokenHash), lte(memberSessions.lastSeenAt, seenBy)))
    .returning({ tokenHash: memberSessions.tokenHash });
  return moved.length > 0;
};

export const revokeSession = (db: Executor, tokenHash: string) =>
  db
    .update(memberSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(memberSessions.tokenHash, tokenHash), isNull(memberSessions.revokedAt)));

/** Revokes every session of a member except, optionally, the one making the change. */
export const revokeMemberSessions = (db: Executor, memberId: bigint, keepTokenHash?: string) =>
  db
    .update(memberSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(memberSessions.memberId, memberId),
        isNull(memberSessions.revokedAt),
        keepTokenHash ? ne(memberSessions.tokenHash, keepTokenHash) : undefined,
      ),
    );

export const insertCaptcha = (db: Executor, challenge: typeof captchaChallenges.$inferInsert) =>
  db.insert(captchaChallenges).values(challenge);

export const findCaptcha = async (db: Executor, id: string) => {
  const [row] = await db.select().from(captchaChallenges).where(eq(captchaChallenges.id, id)).limit(1);
  return row;
};

/** Marks the challenge used and answers its hash, only if it was unused and unexpired: single use. */
export const consumeCaptcha = async (db: Executor, id: string) => {
  const [row] = await db
    .update(captchaChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(captchaChallenges.id, id),
        isNull(captchaChallenges.usedAt),
        gt(captchaChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ answerHash: captchaChallenges.answerHash });
  return row?.answerHash;
};

export const insertVerificationCode = (db: Executor, code: typeof verificationCodes.$inferInsert) =>
  db.insert(verificationCodes).values(code);

/** The newest unused, unexpired code for a purpose and recipient. */
export const findLatestVerificationCode = async (
  db: Executor,
  where: { brandId: bigint; purpose: string; recipient: string },
) => {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.brandId, where.brandId),
        eq(verificationCodes.purpose, where.purpose),
        eq(verificationCodes.recipient, where.recipient),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return row;
};

/** Counts one guess; answers the new count, or undefined if the code was used meanwhile. */
export const countVerificationAttempt = async (db: Executor, id: bigint) => {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
    .returning({ attempts: verificationCodes.attempts });
  return row?.attempts;
};

export const markVerificationCodeUsed = async (db: Executor, id: bigint) => {
  const [row] = await db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return row !== undefined;
};

export const insertAuthEvent = (db: Executor, event: NewAuthEvent) => db.insert(authEvents).values(event);

/** Revokes every live session of the member; answers the ones it ended. */
export const revokeAllMemberSessions = (db: Executor, memberId: bigint) =>
  db
    .update(memberSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(memberSessions.memberId, memberId), isNull(memberSessions.revokedAt)))
    .returning({ tokenHash: memberSessions.tokenHash });

/** A page of the member's auth events, newest first (auth_events_member_idx), and how many there are. */
export const listMemberEvents = async (
  db: Executor,
  memberId: bigint,
  page: { pageNo: number; pageSize: number },
) => {
  const where = eq(authEvents.memberId, memberId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: authEvents.id,
        event: authEvents.event,
        isSuccess: authEvents.isSuccess,
        ip: authEvents.ip,
        userAgent: authEvents.userAgent,
        createdAt: authEvents.createdAt,
      })
      .from(authEvents)
      .where(where)
      .orderBy(desc(authEvents.createdAt), desc(authEvents.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    db.select({ total: count() }).from(authEvents).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
};

/** How many of a member's devices (address and browser, the most recent first) are compared with others'. */
const comparedDevices = 50;

/**
 * Other members of the brand with a successful auth event from one of the member's recent devices (the same
 * address and User-Agent), one device each; looked up by address (auth_events_ip_idx).
 */
export const listMembersSharingDevice = (
  db: Executor,
  brandId: bigint,
  memberId: bigint,
  limit: number,
): Promise<Array<{ memberId: bigint | string; ip: string; userAgent: string }>> =>
  selectRows<{ memberId: bigint | string; ip: string; userAgent: string }>(
    db,
    sql`
      with devices as (
        select ip, user_agent from auth_events
        where member_id = ${memberId} and is_success and user_agent is not null
        group by ip, user_agent
        order by max(created_at) desc
        limit ${comparedDevices}
      )
      select distinct on (e.member_id) e.member_id as "memberId", e.ip, e.user_agent as "userAgent"
      from auth_events e
      join devices d on d.ip = e.ip and d.user_agent = e.user_agent
      where e.brand_id = ${brandId} and e.is_success and e.member_id is not null and e.member_id <> ${memberId}
      order by e.member_id
      limit ${limit}
    `,
  );
