import { randomUUID } from 'node:crypto';
import type { PvpActionRequest, PvpRoom, PvpSitDownRequest, PvpTableView } from '@wps/contracts/pvp';
import { formatMinorUnits } from '@wps/contracts/money';
import type { NiuNiuActionRequest } from '@wps/contracts/pvp-niu-niu';
import { LRUCache } from 'lru-cache';
import type { JobScheduler } from '../../../jobs/scheduler';
import { AppError } from '../../../http/app-error';
import { createClientSeed, createServerSeed } from '../fairness';
import type { Card } from '../tables/shoe';
import { actAtTable } from './act';
import { actAtNiuNiuTable } from './niu-niu-act';
import { closePvpDriver, drivePvpTables } from './hand-driver';
import {
  defaultPvpSettings,
  type PvpBrand,
  type PvpContext,
  type PvpListener,
  type PvpMember,
  type PvpServiceDependencies,
} from './pvp-context';
import { roomDefinitions, roomsFor } from './pvp-rooms';
import { memberView, publicTableView, readTableSnapshot } from './pvp-views';
import * as repository from './pvp.repository';
import { leaveTable, setSittingOut, sitDown } from './seats';
import { verifyPvpHand } from './verify-hand';

const parseTableId = (text: string): bigint => {
  if (!/^[1-9]\d{0,18}$/.test(text)) throw new AppError('NOT_FOUND', { message: 'No such table' });
  return BigInt(text);
};

/**
 * The house's card rooms (no-limit hold'em, and Niu-Niu: niu-niu-*.ts): tables per brand and currency by room, seats bought in from the
 * wallet, hands played under one driver lease (`house-pvp`), every state change one transaction with the chips
 * or money it moves. Chips live on the tables' rows between a buy-in and a cash-out: the brand's
 * `table_stacks` ledger account always holds exactly the open seats' stacks plus the chips in hands in play
 * (`chipsAtTables`); the ledger sees only buy-ins, cash-outs and the rake.
 */
export const createPvpService = ({
  clock = Date.now,
  onError = () => undefined,
  afterStep = async () => undefined,
  drawSeeds = () => ({ serverSeed: createServerSeed(), clientSeed: createClientSeed() }),
  settings = {},
  ...services
}: PvpServiceDependencies) => {
  const context: PvpContext = {
    ...services,
    clock,
    onError,
    afterStep,
    drawSeeds,
    settings: { ...defaultPvpSettings, ...settings },
    instanceId: randomUUID(),
    driver: { isClosed: false, driving: Promise.resolve(), heldUntil: 0 },
    changed: () => undefined,
    listeners: new Map(),
    ensured: new Set(),
    decks: new LRUCache<bigint, Card[]>({ max: 2_000 }),
  };

  const frameOf = (tableJson: string, listener: PvpListener, you: string): string | null => {
    const key = `${tableJson}|${you}`;
    if (key === listener.last) return null;
    listener.last = key;
    const serverTime = new Date(context.clock()).toISOString();
    return `event: state\ndata: {"table":${tableJson},"you":${you},"serverTime":"${serverTime}"}\n\n`;
  };

  /** Rebuilds a table's views once and hands each of its streams its own frame (when it changed). */
  const refresh = async (tableId: bigint): Promise<void> => {
    const listeners = context.listeners.get(tableId);
    if (!listeners || listeners.size === 0) return;
    const table = await repository.findTable(context.db, tableId);
    if (!table) return;
    const snapshot = await readTableSnapshot(context, table);
    const tableJson = JSON.stringify(publicTableView(context, snapshot));
    for (const listener of listeners) {
      const frame = frameOf(
        tableJson,
        listener,
        JSON.stringify(memberView(context, snapshot, listener.memberId)),
      );
      if (frame) listener.send(frame);
    }
  };
  // A change on this instance reaches its streams at once; the watcher covers changes made elsewhere.
  context.changed = (tableId) => {
    void refresh(tableId).catch(context.onError);
  };

  const ensureTables = async (brand: PvpBrand): Promise<void> => {
    const key = `${brand.id}:${brand.currency}`;
    if (context.ensured.has(key)) return;
    const exponent = await context.ledger.getCurrencyExponent(brand.currency);
    await repository.ensureTables(context.db, brand.id, brand.currency, roomsFor(exponent));
    context.ensured.add(key);
  };

  const view = async (tableId: string, member: PvpMember | null, brandId: bigint): Promise<PvpTableView> => {
    const table = await repository.findTable(context.db, parseTableId(tableId));
    if (table?.brandId !== brandId) throw new AppError('NOT_FOUND', { message: 'No such table' });
    const snapshot = await readTableSnapshot(context, table);
    return {
      table: publicTableView(context, snapshot),
      you: memberView(context, snapshot, member?.id ?? null),
      serverTime: new Date(context.clock()).toISOString(),
    };
  };

  return {
    /** `GLS2_roomList`: the brand's tables in its currency, with seats taken and whether a hand is on. */
    listRooms: async (brand: PvpBrand): Promise<PvpRoom[]> => {
      await ensureTables(brand);
      const tables = await repository.listTables(context.db, brand.id, brand.currency);
      const occupancy = await repository.tableOccupancy(
        context.db,
        tables.map((table) => table.id),
      );
      const exponent = await context.ledger.getCurrencyExponent(brand.currency);
      const rooms = roomsFor(exponent);
      return tables.flatMap((table) => {
        const room = rooms.find((candidate) => candidate.code === table.roomCode);
        const definition = roomDefinitions.find((candidate) => candidate.code === table.roomCode);
        if (!room || !definition) return [];
        const format = (amount: bigint) => formatMinorUnits(amount, exponent);
        const taken = occupancy.get(table.id);
        return [
          {
            roomId: table.id.toString(),
            roomCode: table.roomCode,
            game: room.game,
            level: room.level,
            name: room.name,
            seats: table.seatCount,
            seated: taken?.seated ?? 0,
            smallBlind: format(table.smallBlind),
            bigBlind: format(table.bigBlind),
            minBuyIn: format(table.minBuyIn),
            maxBuyIn: format(table.maxBuyIn),
            currency: table.currency,
            isHandInPlay: taken?.isHandInPlay ?? false,
          },
        ];
      });
    },
    view,
    sitDown: async (member: PvpMember, tableId: string, request: PvpSitDownRequest) => {
      await sitDown(context, member, parseTableId(tableId), request);
      return view(tableId, member, member.brandId);
    },
    leave: async (member: PvpMember, tableId: string) => {
      await leaveTable(context, member, parseTableId(tableId));
      return view(tableId, member, member.brandId);
    },
    setSittingOut: async (member: PvpMember, tableId: string, isSittingOut: boolean) => {
      await setSittingOut(context, member, parseTableId(tableId), isSittingOut);
      return view(tableId, member, member.brandId);
    },
    act: async (member: PvpMember, tableId: string, request: PvpActionRequest) => {
      await actAtTable(context, member, parseTableId(tableId), request);
      return view(tableId, member, member.brandId);
    },
    /** A banker bid or a bet multiplier at a Niu-Niu table (niu-niu-act.ts). */
    actNiuNiu: async (member: PvpMember, tableId: string, request: NiuNiuActionRequest) => {
      await actAtNiuNiuTable(context, member, parseTableId(tableId), request);
      return view(tableId, member, member.brandId);
    },
    verify: (handId: string) => verifyPvpHand(context.db, handId),
    /** The first frame for a new stream, then one per change of what this member sees. */
    subscribe: async (tableId: string, member: PvpMember, send: (frame: string) => void) => {
      const current = await view(tableId, member, member.brandId);
      const id = BigInt(current.table.tableId);
      const listener: PvpListener = { memberId: member.id, send, last: '' };
      const frame = frameOf(JSON.stringify(current.table), listener, JSON.stringify(current.you)) ?? '';
      const set = context.listeners.get(id) ?? new Set();
      set.add(listener);
      context.listeners.set(id, set);
      return {
        frame,
        unsubscribe: () => {
          set.delete(listener);
          if (set.size === 0) context.listeners.delete(id);
        },
      };
    },
    /** Re-reads the tables that have streams (changes made on other instances). */
    watch: async () => {
      for (const tableId of [...context.listeners.keys()]) await refresh(tableId);
    },
    drive: (): Promise<void> => drivePvpTables(context),
    close: (): Promise<void> => closePvpDriver(context),
    /** What the brand's tables hold in one currency (the `table_stacks` account must hold the same). */
    chipsAtTables: (brandId: bigint, currency: string) =>
      repository.chipsAtTables(context.db, brandId, currency),
    instanceId: context.instanceId,
    context,
  };
};

export type PvpService = ReturnType<typeof createPvpService>;

export const schedulePvp = (scheduler: JobScheduler, pvp: PvpService): void => {
  scheduler.every('pvp.drive', pvp.context.settings.tickMs, pvp.drive);
  scheduler.every('pvp.watch', Math.max(pvp.context.settings.tickMs * 4, 500), pvp.watch);
};

export { pvpFairnessGame, verifyPvpDeal } from './verify-hand';
