import { and, count, desc, eq, gt, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { authEvents, captchaChallenges, memberSessions, smsCodes } from './auth.tables';

export type NewAuthEvent = typeof authEvents.$inferInsert;

export const insertSession = (db: Executor, session: typeof memberSessions.$inferInsert) =>
  db.insert(memberSessions).values(session);

/** The session behind a token hash if it is unrevoked, unexpired and was used after `idleSince`. */
export const findLiveSession = async (db: Executor, tokenHash: string, idleSince: Date) => {
  const [row] = await db
    .select()
    .from(memberSessions)
    .where(
      and(
        eq(memberSessions.tokenHash, tokenHash),
        isNull(memberSessions.revokedAt),
        gt(memberSessions.expiresAt, new Date()),
        sql`(${memberSessions.isRemembered} or ${memberSessions.lastSeenAt} > ${idleSince.toISOString()}::timestamptz)`,
      ),
    )
    .limit(1);
  return row;
};

export const touchSession = (db: Executor, tokenHash: string) =>
  db.update(memberSessions).set({ lastSeenAt: new Date() }).where(eq(memberSessions.tokenHash, tokenHash));

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

export const insertSmsCode = (db: Executor, code: typeof smsCodes.$inferInsert) =>
  db.insert(smsCodes).values(code);

export const findLatestSmsCode = async (
  db: Executor,
  where: { brandId: bigint; purpose: string; countryDialingCode: string; mobileNum: string },
) => {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.brandId, where.brandId),
        eq(smsCodes.purpose, where.purpose),
        eq(smsCodes.countryDialingCode, where.countryDialingCode),
        eq(smsCodes.mobileNum, where.mobileNum),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(smsCodes.id))
    .limit(1);
  return row;
};

/** Counts one guess; answers the new count, or undefined if the code was used meanwhile. */
export const countSmsAttempt = async (db: Executor, id: bigint) => {
  const [row] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
    .returning({ attempts: smsCodes.attempts });
  return row?.attempts;
};

export const markSmsCodeUsed = async (db: Executor, id: bigint) => {
  const [row] = await db
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  return row !== undefined;
};

export const countSmsSentToNumber = async (db: Executor, brandId: bigint, mobileNum: string, since: Date) => {
  const [row] = await db
    .select({ total: count() })
    .from(smsCodes)
    .where(
      and(eq(smsCodes.brandId, brandId), eq(smsCodes.mobileNum, mobileNum), gte(smsCodes.createdAt, since)),
    );
  return row?.total ?? 0;
};

export const countSmsSentFromAddress = async (db: Executor, ip: string, since: Date) => {
  const [row] = await db
    .select({ total: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.ip, ip), gte(smsCodes.createdAt, since)));
  return row?.total ?? 0;
};

export const insertAuthEvent = (db: Executor, event: NewAuthEvent) => db.insert(authEvents).values(event);

/** Events of one kind from one address since a moment, optionally only failures. */
export const countEventsFromAddress = async (
  db: Executor,
  ip: string,
  event: string,
  since: Date,
  onlyFailures: boolean,
) => {
  const [row] = await db
    .select({ total: count() })
    .from(authEvents)
    .where(
      and(
        eq(authEvents.ip, ip),
        eq(authEvents.event, event),
        gte(authEvents.createdAt, since),
        onlyFailures ? eq(authEvents.isSuccess, false) : undefined,
      ),
    );
  return row?.total ?? 0;
};
