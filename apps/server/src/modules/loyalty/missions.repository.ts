import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/database';
import { leaderboardPayouts, leaderboards, missionProgress, missions } from './loyalty.tables';

export type MissionRow = typeof missions.$inferSelect;
export type LeaderboardRow = typeof leaderboards.$inferSelect;
export type ProgressRow = typeof missionProgress.$inferSelect;

/** A mission with the member's progress in one period (null progress: not started). */
export type MemberMissionRow = { mission: MissionRow; periodKey: string; progress: ProgressRow | null };

export const listLiveMissions = (executor: Executor, brandId: bigint, at: Date) =>
  executor
    .select()
    .from(missions)
    .where(
      and(
        eq(missions.brandId, brandId),
        eq(missions.status, 'live'),
        sql`${missions.startsAt} <= ${at.toISOString()}::timestamptz`,
        sql`(${missions.endsAt} is null or ${missions.endsAt} > ${at.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(missions.sortOrder), asc(missions.id));

/** The member's progress rows of the given missions (every period: earlier completed ones may wait to be claimed). */
export const listMemberProgress = (executor: Executor, memberId: bigint) =>
  executor
    .select()
    .from(missionProgress)
    .where(eq(missionProgress.memberId, memberId))
    .orderBy(desc(missionProgress.periodKey));

/** Completed, unclaimed and not seen since it was completed: the unread badge. */
export const countUnread = async (executor: Executor, memberId: bigint): Promise<number> => {
  const [row] = await selectRows<{ count: number | string }>(
    executor,
    sql`select count(*)::int as count from mission_progress p join missions m on m.id = p.mission_id
      where p.member_id = ${memberId} and p.completed_at is not null and p.claimed_at is null
        and (p.seen_at is null or p.seen_at < p.completed_at) and m.status in ('live', 'paused', 'ended')`,
  );
  return Number(row?.count ?? 0);
};

export const markSeen = async (executor: Executor, memberId: bigint, at: Date): Promise<void> => {
  await executor
    .update(missionProgress)
    .set({ seenAt: at })
    .where(
      and(
        eq(missionProgress.memberId, memberId),
        sql`${missionProgress.completedAt} is not null`,
        sql`${missionProgress.claimedAt} is null`,
      ),
    );
};

/** Locks a member's progress row of a mission's period (the claim's guard against a second claim). */
export const lockProgress = async (
  executor: Executor,
  key: { missionId: bigint; memberId: bigint; periodKey: string },
): Promise<ProgressRow | undefined> => {
  const [row] = await executor
    .select()
    .from(missionProgress)
    .where(
      and(
        eq(missionProgress.missionId, key.missionId),
        eq(missionProgress.memberId, key.memberId),
        eq(missionProgress.periodKey, key.periodKey),
      ),
    )
    .for('update');
  return row;
};

export const setClaimed = async (executor: Executor, row: ProgressRow, at: Date): Promise<ProgressRow> => {
  const [updated] = await executor
    .update(missionProgress)
    .set({ claimedAt: at, seenAt: at, updatedAt: at })
    .where(
      and(
        eq(missionProgress.missionId, row.missionId),
        eq(missionProgress.memberId, row.memberId),
        eq(missionProgress.periodKey, row.periodKey),
      ),
    )
    .returning();
  if (!updated) throw new Error('progress row vanished');
  return updated;
};

export const findMission = async (executor: Executor, brandId: bigint, id: bigint, lock = false) => {
  const query = executor
    .select()
    .from(missions)
    .where(and(eq(missions.brandId, brandId), eq(missions.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

/** Adds mission points to the member's score of each leaderboard period key (first reach time kept per score). */
export const addMissionPoints = async (
  executor: Executor,
  entry: { brandId: bigint; memberId: bigint; periodKeys: readonly string[]; points: bigint; at: Date },
): Promise<void> => {
  for (const periodKey of entry.periodKeys) {
    await executor.execute(sql`insert into mission_point_scores as s (brand_id, period_key, member_id, points, updated_at)
      values (${entry.brandId}, ${periodKey}, ${entry.memberId}, ${entry.points}, ${entry.at.toISOString()}::timestamptz)
      on conflict (brand_id, period_key, member_id) do update set
        points = s.points + excluded.points, updated_at = excluded.updated_at`);
  }
};

export type StandingRow = { memberId: bigint; username: string; score: bigint };
type Board = Pick<LeaderboardRow, 'brandId' | 'metric'>;
type PeriodRange = { key: string; startDay: string; endDay: string };

/**
 * A leaderboard period's scores with each member's place. Ties: mission points go to who reached the score first
 * (the score's last change), then the lower member id; valid bet (no reach time is kept per day) to the lower
 * member id.
 */
const rankedSql = (board: Board, period: PeriodRange) =>
  board.metric === 'mission_points'
    ? sql`select s.member_id, s.points as score,
          row_number() over (order by s.points desc, s.updated_at asc, s.member_id asc) as place
        from mission_point_scores s
        where s.brand_id = ${board.brandId} and s.period_key = ${period.key} and s.points > 0`
    : sql`select t.member_id, t.score, row_number() over (order by t.score desc, t.member_id asc) as place
        from (
          select member_id, sum(valid_bet) as score from loyalty_member_days
          where brand_id = ${board.brandId} and day >= ${period.startDay}::date and day < ${period.endDay}::date
          group by member_id having sum(valid_bet) > 0
        ) t`;

/** A period's standings, best first, the first `limit` places. */
export const readStandings = async (
  executor: Executor,
  board: Board,
  period: PeriodRange,
  limit: number,
): Promise<StandingRow[]> => {
  const rows = await selectRows<{ member_id: string | bigint; username: string; score: string | bigint }>(
    executor,
    sql`select r.member_id, d.username, r.score from (${rankedSql(board, period)}) r
      join members_directory d on d.id = r.member_id
      where r.place <= ${limit} order by r.place`,
  );
  return rows.map((row) => ({
    memberId: BigInt(row.member_id),
    username: row.username,
    score: BigInt(row.score),
  }));
};

/** The member's own score and place in a period (place null: no score). */
export const readOwnStanding = async (
  executor: Executor,
  board: Board,
  period: PeriodRange,
  memberId: bigint,
): Promise<{ place: number | null; score: bigint }> => {
  const [own] = await selectRows<{ place: string | number; score: string | bigint }>(
    executor,
    sql`select r.place, r.score from (${rankedSql(board, period)}) r where r.member_id = ${memberId}`,
  );
  return own ? { place: Number(own.place), score: BigInt(own.score) } : { place: null, score: 0n };
};

export const listLiveLeaderboards = (executor: Executor, brandId?: bigint) =>
  executor
    .select()
    .from(leaderboards)
    .where(
      brandId === undefined
        ? eq(leaderboards.status, 'live')
        : and(eq(leaderboards.status, 'live'), eq(leaderboards.brandId, brandId)),
    )
    .orderBy(asc(leaderboards.id));

export const findLeaderboard = async (executor: Executor, brandId: bigint, id: bigint, lock = false) => {
  const query = executor
    .select()
    .from(leaderboards)
    .where(and(eq(leaderboards.brandId, brandId), eq(leaderboards.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

/** A period's paid places; a place already paid (by this or another instance) is skipped and not answered. */
export const insertPayouts = async (
  executor: Executor,
  rows: Array<typeof leaderboardPayouts.$inferInsert>,
) =>
  rows.length === 0 ? [] : executor.insert(leaderboardPayouts).values(rows).onConflictDoNothing().returning();

/** The payouts of the latest paid period of a leaderboard, with usernames. */
export const lastPayouts = async (executor: Executor, leaderboardId: bigint) =>
  selectRows<{ place: number; username: string; score: string | bigint; amount: string | bigint }>(
    executor,
    sql`select p.place, d.username, p.score, p.amount from leaderboard_payouts p
      join members_directory d on d.id = p.member_id
      where p.leaderboard_id = ${leaderboardId} and p.period_key = (
        select period_key from leaderboard_payouts where leaderboard_id = ${leaderboardId}
        order by created_at desc, period_key desc limit 1)
      order by p.place`,
  );

export const listPayouts = async (executor: Executor, brandId: bigint, limit: number) =>
  selectRows<{
    leaderboard_id: string | bigint;
    period_key: string;
    place: number;
    username: string;
    score: string | bigint;
    amount: string | bigint;
    created_at: Date | string;
  }>(
    executor,
    sql`select p.leaderboard_id, p.period_key, p.place, d.username, p.score, p.amount, p.created_at
      from leaderboard_payouts p join members_directory d on d.id = p.member_id
      where p.brand_id = ${brandId} order by p.created_at desc, p.leaderboard_id, p.place limit ${limit}`,
  );

export const listMissions = (executor: Executor, brandId: bigint) =>
  executor
    .select()
    .from(missions)
    .where(eq(missions.brandId, brandId))
    .orderBy(asc(missions.sortOrder), asc(missions.id));

export const listLeaderboards = (executor: Executor, brandId: bigint) =>
  executor.select().from(leaderboards).where(eq(leaderboards.brandId, brandId)).orderBy(asc(leaderboards.id));
