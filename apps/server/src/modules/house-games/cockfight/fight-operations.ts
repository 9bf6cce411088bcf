import type { AdminFight, ScheduleFightRequest } from '@wps/contracts/cockfight';
import { isDatabaseError, uniqueViolation } from '../../../db/database-errors';
import { AppError } from '../../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import { createClientSeed, createServerSeed, hashServerSeed } from '../fairness';
import * as repository from './cockfight.repository';
import type { FightRow } from './cockfight.repository';
import type { CockfightFightStatus } from './cockfight.tables';
import type { CockfightContext } from './cockfight.service';
import { toAdminFight } from './fight-views';
import type { FightBrand } from './place-fight-bet';
import { settleFight } from './settle-fight';

const stateNames: Readonly<Record<CockfightFightStatus, string>> = {
  scheduled: 'scheduled',
  open: 'open for bets',
  last_call: 'at its last call',
  closed: 'closed',
  settled: 'settled',
  cancelled: 'cancelled',
};

const conflict = (fight: FightRow, action: string) =>
  new AppError('FIGHT_STATE_CONFLICT', {
    message: `Fight #${fight.number} is ${fight.result && fight.result !== 'cancelled' && fight.status === 'closed' ? `closed with its result (${fight.result})` : stateNames[fight.status]}: it cannot ${action}.`,
    details: { status: fight.status, result: fight.result },
  });

const notFound = () => new AppError('NOT_FOUND', { message: 'No such fight in this arena' });

/** The fight's limits: those the schedule names, else the arena's defaults, in the brand's currency. */
const limitsOf = async (context: CockfightContext, brand: FightBrand, request: ScheduleFightRequest) => {
  const { wallet, settings } = context;
  const parse = (value: string | undefined, fallback: string, field: string) =>
    wallet.parseAmount(value ?? fallback, brand.currency, field);
  const minStake = await parse(request.minStake, settings.minStake, 'minStake');
  const maxPerPlayer = await parse(request.maxPerPlayer, settings.maxPerPlayer, 'maxPerPlayer');
  const maxPerFight = await parse(request.maxPerFight, settings.maxPerFight, 'maxPerFight');
  if (minStake > maxPerPlayer || maxPerPlayer > maxPerFight) {
    const message = 'The limits go minimum stake ≤ most per player ≤ most per fight';
    throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'maxPerPlayer', message }] });
  }
  return { minStake, maxPerPlayer, maxPerFight };
};

/** A fight added to the end of the brand's schedule, with its limits and the arena's commission fixed now. */
const addFight = async (
  context: CockfightContext,
  actor: AuditActor | null,
  brand: FightBrand,
  request: ScheduleFightRequest,
  isSimulated: boolean,
): Promise<AdminFight | null> => {
  const limits = await limitsOf(context, brand, request);
  const serverSeed = isSimulated ? createServerSeed() : null;
  const fight = await context.db.transaction(async (tx) => {
    const row = await repository.insertFight(
      tx,
      {
        brandId: brand.id,
        source: isSimulated ? 'simulated' : 'operator',
        currency: brand.currency,
        meronName: request.meronName,
        meronWeight: request.meronWeight ?? null,
        walaName: request.walaName,
        walaWeight: request.walaWeight ?? null,
        commissionBasisPoints: context.settings.commissionBasisPoints,
        drawMultiplier: context.settings.drawMultiplier,
        ...limits,
        serverSeed,
        serverSeedHash: serverSeed === null ? null : hashServerSeed(serverSeed),
        clientSeed: serverSeed === null ? null : createClientSeed(),
        nonce: serverSeed === null ? null : 0,
      },
      { onlyIfIdle: isSimulated },
    );
    if (!row) return null;
    if (actor) {
      await recordAuditEvent(tx, {
        actor,
        action: 'cockfight.fight.schedule',
        entityType: 'cockfight_fight',
        entityId: row.id.toString(),
        before: null,
        after: { number: row.number, meron: row.meronName, wala: row.walaName },
      });
    }
    return row;
  });
  if (!fight) return null;
  context.changed(brand.id);
  return toAdminFight(context, fight);
};

/** The operator's next fight. */
export const scheduleFight = async (
  context: CockfightContext,
  actor: AuditActor | null,
  brand: FightBrand,
  request: ScheduleFightRequest,
): Promise<AdminFight> => {
  const fight = await addFight(context, actor, brand, request, false);
  if (!fight) throw new Error('an operator fight is always added');
  return fight;
};

/**
 * A simulated fight, committed to its result (its server seed's hash is public from now on); added only while
 * the arena has nothing unfinished (null otherwise), so two drivers racing add one.
 */
export const scheduleSimulatedFight = (
  context: CockfightContext,
  brand: FightBrand,
  request: ScheduleFightRequest,
): Promise<AdminFight | null> => addFight(context, null, brand, request, true);

type Move = {
  /** Audit action and the verb of the refusal ("cannot be opened"). */
  action: string;
  verb: string;
  from: readonly CockfightFightStatus[];
  set: (fight: FightRow, now: Date) => Parameters<typeof repository.moveFight>[3];
};

/** One conditional move of a fight of the brand, audited with it; answers the moved row. */
const moveFight = async (
  context: CockfightContext,
  actor: AuditActor | null,
  brandId: bigint,
  fightId: bigint,
  move: Move,
): Promise<FightRow> => {
  const now = new Date(context.clock());
  const moved = await context.db.transaction(async (tx) => {
    const before = await repository.findFight(tx, fightId);
    if (before?.brandId !== brandId) throw notFound();
    const row = await repository
      .moveFight(tx, fightId, move.from, move.set(before, now))
      .catch((error: unknown) => {
        if (isDatabaseError(error, uniqueViolation, 'cockfight_fights_one_betting_key')) {
          throw new AppError('FIGHT_STATE_CONFLICT', {
            message: 'Another fight of this arena is taking bets: close it first.',
          });
        }
        throw error;
      });
    if (!row) throw conflict((await repository.findFight(tx, fightId)) ?? before, move.verb);
    if (actor) {
      await recordAuditEvent(tx, {
        actor,
        action: move.action,
        entityType: 'cockfight_fight',
        entityId: fightId.toString(),
        before: { status: before.status },
        after: { status: row.status, result: row.result },
      });
    }
    return row;
  });
  context.changed(brandId);
  return moved;
};

export const openFight = async (
  context: CockfightContext,
  actor: AuditActor | null,
  brandId: bigint,
  fightId: bigint,
): Promise<AdminFight> => {
  const { openMs, lastCallMs } = context.settings;
  const row = await moveFight(context, actor, brandId, fightId, {
    action: 'cockfight.fight.open',
    verb: 'open for bets',
    from: ['scheduled'],
    // A simulated fight's close is fixed now, so every instance refuses late bets by its own clock.
    set: (fight, now) => ({
      status: 'open',
      openedAt: now,
      closesAt: fight.source === 'simulated' ? new Date(now.getTime() + openMs + lastCallMs) : null,
    }),
  });
  return toAdminFight(context, row);
};

export const giveLastCall = async (
  context: CockfightContext,
  actor: AuditActor | null,
  brandId: bigint,
  fightId: bigint,
): Promise<AdminFight> => {
  const row = await moveFight(context, actor, brandId, fightId, {
    action: 'cockfight.fight.last_call',
    verb: 'give its last call',
    from: ['open'],
    set: () => ({ status: 'last_call' }),
  });
  return toAdminFight(context, row);
};

export const closeFight = async (
  context: CockfightContext,
  actor: AuditActor | null,
  brandId: bigint,
  fightId: bigint,
): Promise<AdminFight> => {
  const row = await moveFight(context, actor, brandId, fightId, {
    action: 'cockfight.fight.close',
    verb: 'close its betting',
    from: ['open', 'last_call'],
    set: (_fight, now) => ({ status: 'closed', closedAt: now }),
  });
  return toAdminFight(context, row);
};

/** Settles at once; a settlement that fails here is finished by the driver (the result stands). */
const settleNow = async (context: CockfightContext, fight: FightRow): Promise<AdminFight> => {
  try {
    await settleFight(context, fight.id);
  } catch (error) {
    context.onError(error);
  }
  return toAdminFight(context, (await repository.findFight(context.db, fight.id)) ?? fight);
};

/**
 * The result of a closed fight, entered once (a second entry is refused), then every bet settled. The
 * operator enters the real fight's result; a simulated fight's comes only from its seeds (the driver, with
 * no actor), so staff cannot enter one for it.
 */
export const enterFightResult = async (
  context: CockfightContext,
  actor: AuditActor | null,
  brandId: bigint,
  fightId: bigint,
  result: 'meron' | 'wala' | 'draw',
): Promise<AdminFight> => {
  const row = await moveFight(context, actor, brandId, fightId, {
    action: 'cockfight.fight.result',
    verb: 'take a result',
    from: ['closed'],
    set: (fight) => {
      if (fight.source === 'simulated' && actor !== null) {
        throw new AppError('FIGHT_STATE_CONFLICT', {
          message: `Fight #${fight.number} is simulated: its result is drawn from its committed seeds.`,
        });
      }
      return { result };
    },
  });
  return settleNow(context, row);
};

/** Cancels a fight that has no result yet (betting closes with it); every bet is returned. */
export const cancelFight = async (
  context: CockfightContext,
  actor: AuditActor | null,
  brandId: bigint,
  fightId: bigint,
): Promise<AdminFight> => {
  const row = await moveFight(context, actor, brandId, fightId, {
    action: 'cockfight.fight.cancel',
    verb: 'be cancelled',
    from: ['scheduled', 'open', 'last_call', 'closed'],
    set: (fight, now) => ({ status: 'closed', result: 'cancelled', closedAt: fight.closedAt ?? now }),
  });
  return settleNow(context, row);
};

/** The console's list: fights still to finish (by number), or the finished ones (newest first). */
export const listAdminFights = async (
  context: CockfightContext,
  brandId: bigint,
  view: 'active' | 'finished',
): Promise<AdminFight[]> => {
  const rows =
    view === 'active'
      ? await repository.listFights(
          context.db,
          brandId,
          ['scheduled', 'open', 'last_call', 'closed'],
          'oldest',
          100,
        )
      : await repository.listFights(context.db, brandId, ['settled', 'cancelled'], 'newest', 100);
  return Promise.all(rows.map((row) => toAdminFight(context, row)));
};
