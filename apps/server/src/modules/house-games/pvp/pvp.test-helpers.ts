import { createHash, randomUUID } from 'node:crypto';
import type { PvpActionKind, PvpTableView } from '@wps/contracts/pvp';
import type { DatabaseHandle, Executor } from '../../../db/database';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import type { MemberRow } from '../../members/members.service';
import {
  createManualScheduler,
  createTestClock,
  crashPlayers,
  openCrashDatabase,
  type TestClock,
} from '../crash.test-helpers';
import { dealHoldem, shuffleDeck } from './deck';
import { evaluateHand } from './hand-evaluator';
import type { PvpSettings, PvpStep } from './pvp-context';
import { holdemGameCode } from './pvp-game';
import { createPvpService, type PvpService } from './pvp.service';

export { createTestClock, type TestClock };

/** Short timings, so a test walks a whole hand with a few clock moves. */
export const testPvpSettings: Partial<PvpSettings> = {
  turnMs: 15_000,
  pauseMs: 1_000,
  leaseMs: 2_000,
};

export const currency = 'USD';

/**
 * Seeds whose deal ranks the players' best hands as wanted: `order` lists dealing positions (0 is the first
 * seat left of the button) from the best hand down, all strictly apart. Searches a fixed list, so a test
 * always deals the same cards.
 */
export const seedsRanking = (players: number, order: readonly number[], nonce = 1) => {
  for (let attempt = 0; attempt < 100_000; attempt += 1) {
    const serverSeed = createHash('sha256').update(`pvp-test-seed-${attempt}`).digest('hex');
    const clientSeed = 'pvp-test';
    const deal = dealHoldem(shuffleDeck({ serverSeed, clientSeed, nonce }), players);
    const scores = deal.holeCards.map((hole) => evaluateHand([...hole, ...deal.board]).score);
    const ranked = order.map((position) => scores[position] ?? 0);
    if (ranked.every((score, index) => index === 0 || score < (ranked[index - 1] ?? 0))) {
      return { serverSeed, clientSeed };
    }
  }
  throw new Error('no test seed deals such hands');
};

export type Player = { member: MemberRow; authorization: string };

export type PvpHarness = {
  database: DatabaseHandle;
  testApp: TestApp;
  clock: TestClock;
  /** A card-rooms service (one instance) on the shared database and clock. */
  instance: (options?: {
    drawSeeds?: (handNumber: number) => { serverSeed: string; clientSeed: string };
    afterStep?: (step: PvpStep, executor: Executor) => Promise<void>;
    settings?: Partial<PvpSettings>;
  }) => PvpService;
  /** A funded member (minor units). */
  player: (funds: bigint) => Promise<Player>;
  cash: (player: Player) => Promise<bigint>;
  /** The balance of the brand's table stacks account. */
  tableStacks: (brandId: bigint) => Promise<bigint>;
  house: (brandId: bigint) => Promise<bigint>;
  close: () => Promise<void>;
};

/** The seeded platform on a test database, and card-rooms service instances driven by hand on one clock. */
export const openPvpHarness = async (): Promise<PvpHarness> => {
  const database = await openCrashDatabase();
  const clock = createTestClock();
  const testApp = await createTestApp({}, { database, scheduler: createManualScheduler(), clock: clock.now });
  const { app } = testApp;
  const { ledger } = app.wallet;
  const players = crashPlayers(database);
  const instances: PvpService[] = [];
  return {
    database,
    testApp,
    clock,
    instance: ({ settings, ...options } = {}) => {
      const service = createPvpService({
        db: database.db,
        ledger,
        wallet: app.wallet.wallet,
        turnover: app.turnover.turnover,
        protection: app.protection.protection,
        settings: { ...testPvpSettings, ...settings },
        clock: clock.now,
        onError: (error) => {
          throw error;
        },
        ...options,
      });
      instances.push(service);
      return service;
    },
    player: (funds) => players.add(funds),
    cash: async ({ member }) =>
      ledger.getBalance((await ledger.ensureMemberAccount(member.brandId, member.id, currency)).id),
    tableStacks: async (brandId) =>
      ledger.getBalance(
        (await ledger.ensureSystemAccount(brandId, 'table_stacks', currency, holdemGameCode)).id,
      ),
    house: async (brandId) =>
      ledger.getBalance((await ledger.ensureSystemAccount(brandId, 'house', currency)).id),
    close: async () => {
      for (const service of instances) await service.close();
      await testApp.close();
      await database.close();
    },
  };
};

/** The table of a room for the demo brand. */
export const tableOf = async (service: PvpService, brandId: bigint, roomCode: string): Promise<string> => {
  const room = (await service.listRooms({ id: brandId, currency })).find(
    (entry) => entry.roomCode === roomCode,
  );
  if (!room) throw new Error(`no room ${roomCode}`);
  return room.roomId;
};

export const sit = (service: PvpService, player: Player, tableId: string, buyIn: string, seat?: number) =>
  service.sitDown(player.member, tableId, {
    buyIn,
    requestId: randomUUID(),
    ...(seat === undefined ? {} : { seat }),
  });

export const viewOf = (service: PvpService, player: Player, tableId: string): Promise<PvpTableView> =>
  service.view(tableId, player.member, player.member.brandId);

/** The player's move in the hand in play, with a fresh action id unless given. */
export const play = async (
  service: PvpService,
  player: Player,
  tableId: string,
  kind: PvpActionKind,
  options: { amount?: string; actionId?: string } = {},
): Promise<PvpTableView> => {
  const view = await viewOf(service, player, tableId);
  const handId = view.table.hand?.handId;
  if (!handId) throw new Error('no hand in play');
  return service.act(player.member, tableId, {
    handId,
    actionId: options.actionId ?? randomUUID(),
    kind,
    ...(options.amount === undefined ? {} : { amount: options.amount }),
  });
};
