import type {
  LeaderboardBody,
  LeaderboardPayout,
  LeaderboardStatus,
  OperatorLeaderboard,
} from '@wps/contracts/loyalty-missions';
import { leaderboardBodySchema } from '@wps/contracts/loyalty-missions';
import { eq } from 'drizzle-orm';
import { recordAuditEvent } from '../../audit/audit.service';
import { leaderboards } from '../loyalty.tables';
import * as repository from '../missions.repository';
import type { LeaderboardRow } from '../missions.repository';
import {
  type MissionDependencies,
  missionNotFound,
  missionStateInvalid,
  type StaffActor,
} from './mission-types';

const entityType = 'loyalty_leaderboard';
type Brand = { id: bigint; currency: string };

export const toOperatorLeaderboard = async (
  deps: Pick<MissionDependencies, 'wallet'>,
  row: LeaderboardRow,
  currency: string,
): Promise<OperatorLeaderboard> => ({
  id: row.id.toString(),
  title: row.title,
  metric: row.metric as OperatorLeaderboard['metric'],
  period: row.period as OperatorLeaderboard['period'],
  prizes: await Promise.all(row.prizes.map((prize) => deps.wallet.formatAmount(BigInt(prize), currency))),
  prizeTurnoverMultiplier: row.prizeTurnoverMultiplier,
  status: row.status as OperatorLeaderboard['status'],
  updatedAt: row.updatedAt.toISOString(),
});

/** Prizes arrive as decimals and are stored as minor units (decimal strings of them, place 1 first). */
const leaderboardValues = async (
  deps: Pick<MissionDependencies, 'wallet'>,
  input: LeaderboardBody,
  currency: string,
) => {
  const body = leaderboardBodySchema.parse(input);
  const prizes: string[] = [];
  for (const [index, prize] of body.prizes.entries()) {
    prizes.push((await deps.wallet.parseAmount(prize, currency, `prizes.${index}`)).toString());
  }
  return {
    title: body.title,
    metric: body.metric,
    period: body.period,
    prizes,
    prizeTurnoverMultiplier: body.prizeTurnoverMultiplier,
  };
};

export const createLeaderboard = async (
  deps: MissionDependencies,
  actor: StaffActor,
  brand: Brand,
  body: LeaderboardBody,
): Promise<OperatorLeaderboard> =>
  deps.db.transaction(async (tx) => {
    const values = await leaderboardValues(deps, body, brand.currency);
    const [row] = await tx
      .insert(leaderboards)
      .values({ ...values, brandId: brand.id, status: 'live', createdAt: deps.now() })
      .returning();
    if (!row) throw new Error('leaderboard not created');
    const view = await toOperatorLeaderboard(deps, row, brand.currency);
    await recordAuditEvent(tx, {
      actor,
      action: 'leaderboard.create',
      entityType,
      entityId: view.id,
      after: view,
    });
    return view;
  });

/** Replaces a leaderboard's terms; its metric and period stay (scores and paid periods are keyed by them). */
export const updateLeaderboard = async (
  deps: MissionDependencies,
  actor: StaffActor,
  brand: Brand,
  id: bigint,
  body: LeaderboardBody,
): Promise<OperatorLeaderboard> =>
  deps.db.transaction(async (tx) => {
    const existing = await repository.findLeaderboard(tx, brand.id, id, true);
    if (!existing) throw missionNotFound();
    const values = await leaderboardValues(deps, body, brand.currency);
    if (
      existing.status === 'ended' ||
      values.metric !== existing.metric ||
      values.period !== existing.period
    ) {
      throw missionStateInvalid();
    }
    const [row] = await tx
      .update(leaderboards)
      .set({ ...values, updatedAt: deps.now() })
      .where(eq(leaderboards.id, id))
      .returning();
    if (!row) throw missionNotFound();
    const before = await toOperatorLeaderboard(deps, existing, brand.currency);
    const after = await toOperatorLeaderboard(deps, row, brand.currency);
    await recordAuditEvent(tx, {
      actor,
      action: 'leaderboard.update',
      entityType,
      entityId: after.id,
      before,
      after,
    });
    return after;
  });

export const changeLeaderboardStatus = async (
  deps: MissionDependencies,
  actor: StaffActor,
  brand: Brand,
  id: bigint,
  status: LeaderboardStatus,
): Promise<OperatorLeaderboard> => {
  const row = await deps.db.transaction(async (tx) => {
    const existing = await repository.findLeaderboard(tx, brand.id, id, true);
    if (!existing) throw missionNotFound();
    if (existing.status === 'ended' || existing.status === status) throw missionStateInvalid();
    const [updated] = await tx
      .update(leaderboards)
      .set({ status, updatedAt: deps.now() })
      .where(eq(leaderboards.id, id))
      .returning();
    if (!updated) throw missionNotFound();
    await recordAuditEvent(tx, {
      actor,
      action: `leaderboard.${status}`,
      entityType,
      entityId: id.toString(),
      before: { status: existing.status },
      after: { status },
    });
    return updated;
  });
  return toOperatorLeaderboard(deps, row, brand.currency);
};

export const listLeaderboards = async (deps: MissionDependencies, brand: Brand) => {
  const rows = await repository.listLeaderboards(deps.db, brand.id);
  const list: OperatorLeaderboard[] = [];
  for (const row of rows) list.push(await toOperatorLeaderboard(deps, row, brand.currency));
  return { currency: brand.currency, leaderboards: list };
};

export const listLeaderboardPayouts = async (
  deps: MissionDependencies,
  brand: Brand,
): Promise<{ payouts: LeaderboardPayout[] }> => {
  const rows = await repository.listPayouts(deps.db, brand.id, 200);
  const payouts: LeaderboardPayout[] = [];
  for (const row of rows) {
    payouts.push({
      leaderboardId: row.leaderboard_id.toString(),
      periodKey: row.period_key,
      place: row.place,
      username: row.username,
      score: row.score.toString(),
      amount: await deps.wallet.formatAmount(BigInt(row.amount), brand.currency),
      createdAt: new Date(row.created_at).toISOString(),
    });
  }
  return { payouts };
};
