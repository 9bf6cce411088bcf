// The round cycle of every table, driven by one instance under the `tables` lease in `crash_driver_leases`.
import { claimLease, releaseLease } from '../crash.repository';
import { createClientSeed, createServerSeed, hashServerSeed } from '../fairness';
import { settleRound } from './settle-round';
import type { TableDefinition } from './table-config';
import { cardsUsedOf, cutPositionOf, dealTableRound, resultView, revealMsOf, stepsOf } from './table-results';
import * as repository from './tables.repository';
import type { TableRoundRow } from './tables.repository';
import type { TablesContext } from './tables.service';

/** The row in `crash_driver_leases` that the instance driving every table holds. */
export const tablesLeaseName = 'house-tables';

/** The baccarat table's shoe for its next round: the open one, or a new one once the cut card is reached. */
const shoeForNextRound = async (context: TablesContext, table: TableDefinition) => {
  const { db } = context;
  const open = await repository.findOpenShoe(db, table.code);
  if (open && open.nextPosition < open.cutPosition) return open;
  if (open) await repository.endShoe(db, open.id, new Date(context.clock()));
  const seed = createServerSeed();
  const clientSeed = createClientSeed();
  return repository.insertShoe(db, {
    tableCode: table.code,
    seed,
    seedHash: hashServerSeed(seed),
    clientSeed,
    cutPosition: cutPositionOf(seed, clientSeed),
  });
};

const openRound = async (
  context: TablesContext,
  table: TableDefinition,
  latest: TableRoundRow | undefined,
): Promise<void> => {
  const number = (latest?.number ?? 0) + 1;
  const closesAt = new Date(context.clock() + context.settings.bettingMs);
  if (table.game === 'BACCARAT') {
    const shoe = await shoeForNextRound(context, table);
    await repository.insertRound(context.db, {
      tableCode: table.code,
      game: table.game,
      number,
      serverSeed: null,
      serverSeedHash: shoe.seedHash,
      clientSeed: shoe.clientSeed,
      nonce: 0,
      shoeId: shoe.id,
      shoePosition: shoe.nextPosition,
      closesAt,
    });
    return;
  }
  const serverSeed = createServerSeed();
  await repository.insertRound(context.db, {
    tableCode: table.code,
    game: table.game,
    number,
    serverSeed,
    serverSeedHash: hashServerSeed(serverSeed),
    clientSeed: createClientSeed(),
    nonce: number,
    closesAt,
  });
};

/**
 * Closes betting and deals: the result comes only from the round's commitment (its seed, or its shoe and
 * start position), so whoever deals, whenever, deals the same cards. Through the round's betting gate held
 * exclusively, so every bet committed before it is in the round and none after.
 */
const closeAndDeal = async (context: TablesContext, round: TableRoundRow): Promise<void> => {
  const { settings } = context;
  await context.db.transaction(async (tx) => {
    if (settings.bettingGate) await repository.holdBettingGate(tx, round.id, 'close');
    const locked = await repository.lockRound(tx, round.id);
    if (locked?.status !== 'betting') return;
    let serverSeed = locked.serverSeed;
    const shoe = locked.shoeId === null ? undefined : await repository.findShoe(tx, locked.shoeId);
    if (shoe) serverSeed = shoe.seed;
    if (serverSeed === null) throw new Error(`table round ${locked.id} has no seed`);
    const shoePosition = locked.shoePosition ?? 0;
    const result = dealTableRound(table(context, locked).game, {
      serverSeed,
      clientSeed: locked.clientSeed,
      nonce: locked.nonce,
      shoePosition,
    });
    const steps = stepsOf(result, settings);
    const from = Math.max(context.clock(), locked.closesAt.getTime());
    const cardsUsed = cardsUsedOf(result);
    await repository.dealRound(tx, locked.id, {
      result: resultView(result),
      steps,
      cardsUsed,
      dealingEndsAt: new Date(from + revealMsOf(steps, settings)),
    });
    if (shoe) await repository.advanceShoe(tx, shoe.id, shoePosition + cardsUsed);
  });
};

const table = (context: TablesContext, round: TableRoundRow): TableDefinition => {
  const found = context.tables.find((candidate) => candidate.code === round.tableCode);
  if (!found) throw new Error(`table ${round.tableCode} is not defined`);
  return found;
};

/** One step of one table's cycle; answers whether anything changed. */
const driveTable = async (
  context: TablesContext,
  definition: TableDefinition,
  at: number,
): Promise<boolean> => {
  const round = await repository.findLatestRound(context.db, definition.code);
  if (!round || round.status === 'settled') {
    if (round?.settledAt && at < round.settledAt.getTime() + context.settings.pauseMs) return false;
    await openRound(context, definition, round);
    return true;
  }
  if (round.status === 'betting') {
    if (at < round.closesAt.getTime()) return false;
    await closeAndDeal(context, round);
    return true;
  }
  if (round.dealingEndsAt && at < round.dealingEndsAt.getTime()) return false;
  await settleRound(context, round.id);
  return true;
};

const holdLease = async (
  { db, settings, instanceId, driver }: TablesContext,
  at: number,
): Promise<boolean> => {
  if (at < driver.heldUntil - settings.leaseMs / 2) return true;
  const isHeld = await claimLease(
    db,
    tablesLeaseName,
    instanceId,
    new Date(at),
    new Date(at + settings.leaseMs),
  );
  driver.heldUntil = isHeld ? at + settings.leaseMs : 0;
  return isHeld;
};

const driveOnce = async (context: TablesContext): Promise<void> => {
  if (context.driver.isClosed) return;
  const at = context.clock();
  if (!(await holdLease(context, at))) return;
  for (const definition of context.tables) {
    try {
      if (await driveTable(context, definition, at)) context.changed(definition.code, 'round');
    } catch (error) {
      // One table's failure never stops the others; the next tick retries it.
      context.onError(error);
    }
  }
};

/** The driver's tick: one step of every table, remembered so that closing can wait for it. */
export const driveTables = (context: TablesContext): Promise<void> => {
  context.driver.driving = driveOnce(context);
  return context.driver.driving;
};

/** Gives up the lease (closing), so another instance takes over at once. */
export const closeTablesDriver = async ({
  db,
  instanceId,
  driver,
  onError,
}: TablesContext): Promise<void> => {
  driver.isClosed = true;
  await driver.driving.catch(() => undefined);
  await releaseLease(db, tablesLeaseName, instanceId).catch(onError);
};
