import type { MissionBody, MissionStatus, OperatorMission } from '@wps/contracts/loyalty-missions';
import { missionBodySchema } from '@wps/contracts/loyalty-missions';
import { eq } from 'drizzle-orm';
import { AppError } from '../../../http/app-error';
import { recordAuditEvent } from '../../audit/audit.service';
import { missions } from '../loyalty.tables';
import * as repository from '../missions.repository';
import type { MissionRow } from '../missions.repository';
import {
  isAmountKind,
  type MissionDependencies,
  missionNotFound,
  missionStateInvalid,
  type StaffActor,
} from './mission-types';

const entityType = 'loyalty_mission';

/** Status changes an operator may make: a draft goes live, live and paused swap, anything but a draft ends. */
const allowedMoves: Record<string, readonly MissionStatus[]> = {
  draft: ['live', 'ended'],
  live: ['paused', 'ended'],
  paused: ['live', 'ended'],
  ended: [],
};

export const toOperatorMission = async (
  deps: Pick<MissionDependencies, 'wallet'>,
  row: MissionRow,
  currency: string,
): Promise<OperatorMission> => {
  const money = (value: bigint) => deps.wallet.formatAmount(value, currency);
  return {
    id: row.id.toString(),
    title: row.title,
    description: row.description,
    kind: row.kind as OperatorMission['kind'],
    cadence: row.cadence as OperatorMission['cadence'],
    target: isAmountKind(row.kind) ? await money(row.target) : row.target.toString(),
    threshold:
      row.kind === 'deposit'
        ? await money(row.threshold)
        : row.kind === 'big_win'
          ? (Number(row.threshold) / 100).toString()
          : row.threshold.toString(),
    productLine: row.productLine,
    gameId: row.gameId?.toString() ?? null,
    feature: row.feature,
    rewardKind: row.rewardKind as OperatorMission['rewardKind'],
    rewardAmount: row.rewardKind === 'points' ? row.rewardAmount.toString() : await money(row.rewardAmount),
    rewardTurnoverMultiplier: row.rewardTurnoverMultiplier,
    missionPoints: row.missionPoints,
    status: row.status as OperatorMission['status'],
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    sortOrder: row.sortOrder,
    updatedAt: row.updatedAt.toISOString(),
  };
};

/** A stored row for the audit record (bigints as strings, as JSON has none). */
export const auditValues = (row: object): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, typeof value === 'bigint' ? value.toString() : value]),
  );

const wholeNumber = (value: string, field: string): bigint => {
  if (!/^\d+$/.test(value) || BigInt(value) <= 0n) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ field, message: 'A whole number above 0.' }] });
  }
  return BigInt(value);
};

/** The body's decimals as stored values: money in minor units, counts as counts, a win multiple × 100. */
export const missionValues = async (
  deps: Pick<MissionDependencies, 'wallet'>,
  input: MissionBody,
  currency: string,
) => {
  const body = missionBodySchema.parse(input);
  const money = (value: string, field: string) => deps.wallet.parseAmount(value, currency, field);
  const threshold =
    body.kind === 'deposit'
      ? await deps.wallet.parseAmount(body.threshold, currency, 'threshold', { allowZero: true })
      : body.kind === 'big_win'
        ? BigInt(Math.round(Number(body.threshold) * 100))
        : 0n;
  if (body.kind === 'big_win' && threshold <= 0n) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'threshold', message: 'A win multiple above 0.' }],
    });
  }
  if (body.kind === 'first_use' && !body.feature) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'feature', message: 'Name the feature.' }] });
  }
  return {
    title: body.title,
    description: body.description,
    kind: body.kind,
    cadence: body.cadence,
    target: isAmountKind(body.kind) ? await money(body.target, 'target') : wholeNumber(body.target, 'target'),
    threshold,
    productLine: body.productLine,
    gameId: body.gameId === null ? null : BigInt(body.gameId),
    feature: body.kind === 'first_use' ? body.feature : null,
    rewardKind: body.rewardKind,
    rewardAmount:
      body.rewardKind === 'points'
        ? wholeNumber(body.rewardAmount, 'rewardAmount')
        : await money(body.rewardAmount, 'rewardAmount'),
    rewardTurnoverMultiplier: body.rewardKind === 'bonus' ? body.rewardTurnoverMultiplier : 0,
    missionPoints: body.missionPoints,
    ...(body.startsAt === undefined ? {} : { startsAt: new Date(body.startsAt) }),
    endsAt: body.endsAt === null ? null : new Date(body.endsAt),
    sortOrder: body.sortOrder,
  };
};

export const createMission = async (
  deps: MissionDependencies,
  actor: StaffActor,
  brand: { id: bigint; currency: string },
  body: MissionBody,
): Promise<OperatorMission> =>
  deps.db.transaction(async (tx) => {
    const values = await missionValues(deps, body, brand.currency);
    const [row] = await tx
      .insert(missions)
      .values({ ...values, brandId: brand.id, status: 'draft' })
      .returning();
    if (!row) throw new Error('mission not created');
    const view = await toOperatorMission(deps, row, brand.currency);
    await recordAuditEvent(tx, {
      actor,
      action: 'mission.create',
      entityType,
      entityId: view.id,
      after: view,
    });
    return view;
  });

/** Replaces a mission's terms (not its status); an ended mission is final. Progress already made stays. */
export const updateMission = async (
  deps: MissionDependencies,
  actor: StaffActor,
  brand: { id: bigint; currency: string },
  id: bigint,
  body: MissionBody,
): Promise<OperatorMission> =>
  deps.db.transaction(async (tx) => {
    const existing = await repository.findMission(tx, brand.id, id, true);
    if (!existing) throw missionNotFound();
    if (existing.status === 'ended') throw missionStateInvalid();
    const values = await missionValues(deps, body, brand.currency);
    const [row] = await tx
      .update(missions)
      .set({ ...values, updatedAt: deps.now() })
      .where(eq(missions.id, id))
      .returning();
    if (!row) throw missionNotFound();
    const before = await toOperatorMission(deps, existing, brand.currency);
    const after = await toOperatorMission(deps, row, brand.currency);
    await recordAuditEvent(tx, {
      actor,
      action: 'mission.update',
      entityType,
      entityId: after.id,
      before,
      after,
    });
    return after;
  });

export const changeMissionStatus = async (
  deps: MissionDependencies,
  actor: StaffActor,
  brand: { id: bigint; currency: string },
  id: bigint,
  status: MissionStatus,
): Promise<OperatorMission> => {
  const row = await deps.db.transaction(async (tx) => {
    const existing = await repository.findMission(tx, brand.id, id, true);
    if (!existing) throw missionNotFound();
    if (!(allowedMoves[existing.status] ?? []).includes(status)) throw missionStateInvalid();
    const [updated] = await tx
      .update(missions)
      .set({ status, updatedAt: deps.now() })
      .where(eq(missions.id, id))
      .returning();
    if (!updated) throw missionNotFound();
    await recordAuditEvent(tx, {
      actor,
      action: `mission.${status}`,
      entityType,
      entityId: id.toString(),
      before: { status: existing.status },
      after: { status },
    });
    return updated;
  });
  return toOperatorMission(deps, row, brand.currency);
};

export const listMissions = async (deps: MissionDependencies, brand: { id: bigint; currency: string }) => {
  const rows = await repository.listMissions(deps.db, brand.id);
  const list: OperatorMission[] = [];
  for (const row of rows) list.push(await toOperatorMission(deps, row, brand.currency));
  return { currency: brand.currency, missions: list };
};
