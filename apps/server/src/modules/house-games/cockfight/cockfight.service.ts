import { randomUUID } from 'node:crypto';
import type { PlaceFightBetRequest, ScheduleFightRequest } from '@wps/contracts/cockfight';
import type { Database, Executor } from '../../../db/database';
import type { JobScheduler } from '../../../jobs/scheduler';
import type { AuditActor } from '../../audit/audit.service';
import { type HouseGame, requireHouseGame } from '../../games/house-rounds.service';
import type { BonusService } from '../../promotions/bonuses.service';
import type { TurnoverService } from '../../turnover/turnover.service';
import type { LedgerService } from '../../wallet/ledger.service';
import type { WalletService } from '../../wallet/wallet.service';
import { houseVendorCode } from '../house-games.seed';
import { buildArenaState, refreshArena } from './arena-state';
import { type CockfightSettings, defaultCockfightSettings } from './cockfight-config';
import * as repository from './cockfight.repository';
import {
  cancelFight,
  closeFight,
  enterFightResult,
  giveLastCall,
  listAdminFights,
  openFight,
  scheduleFight,
} from './fight-operations';
import { toFightBet } from './fight-views';
import { placeFightBet, type FightBrand, type FightMember } from './place-fight-bet';
import { settleFight, settlePendingFights } from './settle-fight';
import { closeArenaDriver, driveArena } from './simulated-arena';
import { verifyFight } from './verify-fight';

const fightMoves = { open: openFight, 'last-call': giveLastCall, close: closeFight, cancel: cancelFight };
export type FightMoveName = keyof typeof fightMoves;

/** The catalogue's code of the arena (vendor HOUSE), whose lobby tile opens the site's /house/cockfight. */
export const cockfightGameCode = 'COCKFIGHT';

export type CockfightServiceDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  turnover: TurnoverService;
  bonuses: BonusService;
  settings?: Partial<CockfightSettings>;
  /** Whether the driver also runs the simulated arena (the demo's fights) besides finishing settlements. */
  isSimulatorEnabled?: boolean;
  clock?: () => number;
  onError?: (error: unknown) => void;
};

export type CockfightContext = Omit<Required<CockfightServiceDependencies>, 'settings'> & {
  settings: CockfightSettings;
  instanceId: string;
  /** The catalogue entry, kept once found: a fight under way settles even if the game is disabled. */
  catalogue: { game: HouseGame | undefined };
  driver: { isClosed: boolean; driving: Promise<void>; heldUntil: number };
  /** Called when a brand's arena changed on this instance. */
  changed: (brandId: bigint) => void;
  /** Open streams per brand, the frame last sent to them, and whether a refresh is under way or due. */
  listeners: Map<bigint, Set<(frame: string) => void>>;
  shown: Map<bigint, { json: string; frame: string }>;
  refreshing: Map<bigint, { isDue: boolean; done: Promise<string> }>;
};

/** The arena's catalogue entry (vendor HOUSE, game COCKFIGHT) when listed and enabled. */
export const requireCockfightGame = async (
  context: Pick<CockfightContext, 'catalogue'>,
  executor: Executor,
): Promise<HouseGame> => {
  const game = await requireHouseGame(executor, houseVendorCode, cockfightGameCode);
  context.catalogue.game = game;
  return game;
};

export { houseAccountOf } from '../settle-accounts';

/**
 * The house cockfight arena, one per brand: the database is its state, shared by every instance.
 *
 * - The operator's console schedules fights and moves each one: open, last call, close, result (meron, wala,
 *   draw) or cancel. Each move is a conditional update from the states it may come from, so of two operators
 *   pressing at once one wins and the other is told the fight's state (FIGHT_STATE_CONFLICT).
 * - Bets are taken only while a fight is open or at its last call (and before a simulated fight's close by the
 *   server clock); each is one ledger debit, its betting record and its addition to the pools in one
 *   transaction, the pools' update conditional on the fight still taking bets and within its total limit.
 * - The result is written on the closed fight; settlement pays every bet once (pari-mutuel.ts), then writes
 *   the betting records and moves the fight to settled or cancelled. A settlement stopped midway is finished
 *   by the driver (the `cockfight-arena` lease), which also runs the simulated arena when it is enabled.
 * - The simulated arena's results are drawn from each fight's committed seeds; an operator's result is the
 *   real fight's and is entered, not drawn.
 */
export const createCockfightService = ({
  clock = Date.now,
  onError = () => undefined,
  settings = {},
  isSimulatorEnabled = false,
  ...services
}: CockfightServiceDependencies) => {
  const context: CockfightContext = {
    ...services,
    clock,
    onError,
    isSimulatorEnabled,
    settings: { ...defaultCockfightSettings, ...settings },
    instanceId: randomUUID(),
    catalogue: { game: undefined },
    driver: { isClosed: false, driving: Promise.resolve(), heldUntil: 0 },
    changed: () => undefined,
    listeners: new Map(),
    shown: new Map(),
    refreshing: new Map(),
  };
  context.changed = (brandId) => {
    if ((context.listeners.get(brandId)?.size ?? 0) === 0) return;
    void refreshArena(context, brandId).catch(context.onError);
  };
  return {
    schedule: (actor: AuditActor | null, brand: FightBrand, request: ScheduleFightRequest) =>
      scheduleFight(context, actor, brand, request),
    open: (actor: AuditActor | null, brandId: bigint, fightId: bigint) =>
      openFight(context, actor, brandId, fightId),
    lastCall: (actor: AuditActor | null, brandId: bigint, fightId: bigint) =>
      giveLastCall(context, actor, brandId, fightId),
    close: (actor: AuditActor | null, brandId: bigint, fightId: bigint) =>
      closeFight(context, actor, brandId, fightId),
    enterResult: (
      actor: AuditActor | null,
      brandId: bigint,
      fightId: bigint,
      result: 'meron' | 'wala' | 'draw',
    ) => enterFightResult(context, actor, brandId, fightId, result),
    cancel: (actor: AuditActor | null, brandId: bigint, fightId: bigint) =>
      cancelFight(context, actor, brandId, fightId),
    /** One of the console's moves by its name in the path. */
    move: (actor: AuditActor | null, brandId: bigint, fightId: bigint, move: FightMoveName) =>
      fightMoves[move](context, actor, brandId, fightId),
    adminFights: (brandId: bigint, view: 'active' | 'finished') => listAdminFights(context, brandId, view),
    placeBet: (member: FightMember, brand: FightBrand, request: PlaceFightBetRequest) =>
      placeFightBet(context, member, brand, request),
    settle: (fightId: bigint) => settleFight(context, fightId),
    settlePending: () => settlePendingFights(context),
    state: (brandId: bigint) => buildArenaState(context, brandId),
    /** The frame a new stream gets now, then every change of the brand's arena. */
    subscribe: async (brandId: bigint, listener: (frame: string) => void) => {
      const frame = await refreshArena(context, brandId);
      const set = context.listeners.get(brandId) ?? new Set();
      set.add(listener);
      context.listeners.set(brandId, set);
      return {
        frame,
        unsubscribe: () => {
          set.delete(listener);
        },
      };
    },
    /** Re-reads the arenas that have streams (changes made on other instances, the clock's last call). */
    watch: async () => {
      for (const [brandId, set] of context.listeners) {
        if (set.size > 0) await refreshArena(context, brandId);
      }
    },
    myBets: async (member: FightMember) => {
      const rows = await repository.listMemberBets(context.db, member.brandId, member.id, 50);
      return Promise.all(rows.map(({ bet, number }) => toFightBet(context, bet, number)));
    },
    verify: (fightId: string) => verifyFight(context.db, fightId),
    drive: (): Promise<void> => driveArena(context),
    stop: (): Promise<void> => closeArenaDriver(context),
    context,
  };
};

export type CockfightService = ReturnType<typeof createCockfightService>;

export const scheduleCockfight = (scheduler: JobScheduler, cockfight: CockfightService, tickMs: number) => {
  scheduler.every('cockfight.drive', tickMs, cockfight.drive);
  scheduler.every('cockfight.watch', tickMs <= 0 ? 0 : Math.max(tickMs, 250), cockfight.watch);
};
