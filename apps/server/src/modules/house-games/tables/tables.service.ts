import { randomUUID } from 'node:crypto';
import type { PlaceTableBetsRequest } from '@wps/contracts/tables';
import type { Database } from '../../../db/database';
import type { JobScheduler } from '../../../jobs/scheduler';
import type { BonusService } from '../../promotions/bonuses.service';
import type { TurnoverService } from '../../turnover/turnover.service';
import type { LedgerService } from '../../wallet/ledger.service';
import type { WalletService } from '../../wallet/wallet.service';
import type { HouseGame } from '../../games/house-rounds.service';
import {
  defaultTableSettings,
  type TableDefinition,
  type TableGame,
  tableDefinitions,
  type TableSettings,
} from './table-config';
import { createGroupCommit } from '../../../lib/group-commit';
import {
  placeAlone,
  placeBatch,
  placeTableBets,
  type PreparedRequest,
  type TableBrand,
  type TableMember,
} from './place-bets';
import { AppError } from '../../../http/app-error';
import { buildTableState, refreshTable } from './table-state';
import { listMemberTableBets, type TableBetRow } from './tables.repository';
import { verifyTableRound } from './verify-table-round';
import { closeTablesDriver, driveTables } from './table-driver';

const statusOf = { placed: 'PLACED', settled: 'SETTLED', refunded: 'REFUNDED' } as const;

export type TablesServiceDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  turnover: TurnoverService;
  bonuses: BonusService;
  settings?: Partial<TableSettings>;
  tables?: readonly TableDefinition[];
  clock?: () => number;
  onError?: (error: unknown) => void;
};

export type TablesContext = Omit<Required<TablesServiceDependencies>, 'settings'> & {
  settings: TableSettings;
  instanceId: string;
  /** Catalogue entries by game, kept once found: a round under way settles even if a game is disabled. */
  catalogue: Map<TableGame, HouseGame>;
  driver: { isClosed: boolean; driving: Promise<void>; heldUntil: number };
  /**
   * Called when a table's round changed on this instance: at once for a step of the round (`'round'`), within
   * `totalsEveryMs` for a bet (`'totals'`), so a burst of bets makes one frame rather than one each.
   */
  changed: (tableCode: string, kind: 'round' | 'totals') => void;
  /** Open streams per table, and the frame last sent to them. */
  listeners: Map<string, Set<(frame: string) => void>>;
  shown: Map<string, { json: string; frame: string }>;
  /** Where bets are placed: in batches of concurrent requests, or one by one (`settings.batchBets` off). */
  placement: { place: (prepared: PreparedRequest) => Promise<TableBetRow[]> };
};

/**
 * The live-style house tables (baccarat, roulette, dragon tiger): rounds shared by every player and every
 * instance, the database being their state.
 *
 * - One instance drives every table (the `house-tables` lease in `crash_driver_leases`): it opens a round
 *   with its commitment (the round's seed hash, or for baccarat the shoe's) and its close (`closes_at`),
 *   closes and deals it at the close, and settles it once its reveal is over. Each transition is a
 *   conditional update, so a stale driver never repeats one.
 * - Restart rule: a round still betting keeps its close (fixed in the row) and then goes on as usual; a round
 *   whose betting closed is dealt from its committed seed (or shoe position), whoever deals it and whenever,
 *   so its result cannot change; it is settled once (conditional status, one ledger key per bet). No round is
 *   ever cancelled or re-dealt.
 */
export const createTablesService = ({
  clock = Date.now,
  onError = () => undefined,
  settings = {},
  tables = tableDefinitions,
  ...services
}: TablesServiceDependencies) => {
  const context: TablesContext = {
    ...services,
    clock,
    onError,
    tables,
    settings: { ...defaultTableSettings, ...settings },
    instanceId: randomUUID(),
    catalogue: new Map(),
    driver: { isClosed: false, driving: Promise.resolve(), heldUntil: 0 },
    changed: () => undefined,
    listeners: new Map(),
    shown: new Map(),
    placement: { place: () => Promise.reject(new Error('placement not ready')) },
  };
  const placement = createGroupCommit({
    writeAlone: (prepared: PreparedRequest) => placeAlone(context, prepared),
    writeGroup: async (batch: readonly PreparedRequest[]) => {
      const placed = await placeBatch(context, batch);
      return placed ? { results: placed } : { alone: 'all' as const };
    },
  });
  context.placement = {
    place: context.settings.batchBets ? placement.write : (prepared) => placeAlone(context, prepared),
  };
  const tableOf = (code: string): TableDefinition => {
    const table = tables.find((candidate) => candidate.code === code);
    if (!table) throw new AppError('NOT_FOUND', { message: 'No such table' });
    return table;
  };
  // A change on this instance reaches its streams: a round's step at once, bets' totals a few times a second
  // (one refresh reads every change made before it starts). The watcher covers changes made elsewhere.
  const due = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  context.changed = (code, kind) => {
    if ((context.listeners.get(code)?.size ?? 0) === 0) return;
    const delayMs = kind === 'round' ? 0 : context.settings.totalsEveryMs;
    const pending = due.get(code);
    if (pending && pending.at <= Date.now() + delayMs) return;
    if (pending) clearTimeout(pending.timer);
    const timer = setTimeout(() => {
      due.delete(code);
      void refreshTable(context, tableOf(code)).catch(context.onError);
    }, delayMs);
    due.set(code, { at: Date.now() + delayMs, timer });
  };
  return {
    drive: (): Promise<void> => driveTables(context),
    placeBets: (member: TableMember, brand: TableBrand, request: PlaceTableBetsRequest) =>
      placeTableBets(context, member, brand, request),
    /** How bets were placed so far (batches and their requests, requests alone). */
    placementCounts: () => placement.counts(),
    close: (): Promise<void> => {
      for (const { timer } of due.values()) clearTimeout(timer);
      due.clear();
      return closeTablesDriver(context);
    },
    list: () => tables,
    state: (code: string) => buildTableState(context, tableOf(code)),
    /** The frame streams get now, then every change of the table's state. */
    subscribe: async (code: string, listener: (frame: string) => void) => {
      const table = tableOf(code);
      const frame = await refreshTable(context, table);
      const set = context.listeners.get(code) ?? new Set();
      set.add(listener);
      context.listeners.set(code, set);
      return {
        frame,
        unsubscribe: () => {
          set.delete(listener);
        },
      };
    },
    /** Re-reads the tables that have streams (changes made on other instances). */
    watch: async () => {
      for (const table of tables) {
        if ((context.listeners.get(table.code)?.size ?? 0) > 0) await refreshTable(context, table);
      }
    },
    myBets: async (member: TableMember, code: string) => {
      const table = tableOf(code);
      const rows = await listMemberTableBets(context.db, table.code, member.id, 100);
      return rows.map(({ bet, round }) => ({
        betId: bet.id.toString(),
        roundId: round.id.toString(),
        roundNumber: round.number,
        tableId: table.code,
        spot: bet.spot,
        amount: bet.amount.toString(),
        currency: bet.currency,
        status: statusOf[bet.status],
        returned: bet.status === 'settled' ? bet.returned.toString() : null,
      }));
    },
    verify: (roundId: string) => verifyTableRound(context.db, roundId),
    instanceId: context.instanceId,
    context,
  };
};

export type TablesService = ReturnType<typeof createTablesService>;

export const scheduleTables = (scheduler: JobScheduler, tables: TablesService): void => {
  scheduler.every('tables.drive', tables.context.settings.tickMs, tables.drive);
  scheduler.every('tables.watch', Math.max(tables.context.settings.tickMs * 2, 250), tables.watch);
};
