import type { TableState } from '@wps/contracts/tables';
import { hotAndCold } from './roulette.rules';
import { beadPlate, bigRoad, type RoadCoup } from './roads';
import type { TableDefinition } from './table-config';
import * as repository from './tables.repository';
import type { TableRoundRow } from './tables.repository';
import type { TablesContext } from './tables.service';

const historySize = 72;

const phaseOf = { betting: 'BETTING', dealing: 'DEALING', settled: 'SETTLED' } as const;

const outcomeOf = (round: TableRoundRow): string => {
  const outcome = round.result?.outcome;
  return typeof outcome === 'string' ? outcome : '';
};

const historyOf = (table: TableDefinition, rounds: readonly TableRoundRow[], shoeId: bigint | null) => {
  const oldestFirst = [...rounds].reverse();
  switch (table.game) {
    case 'BACCARAT': {
      // The roads of the current shoe only, as at a real table.
      const coups: RoadCoup[] = oldestFirst
        .filter((round) => round.shoeId === shoeId)
        .map((round) => {
          const outcome = outcomeOf(round);
          return {
            outcome: outcome === 'player' || outcome === 'banker' ? outcome : 'tie',
            playerPair: round.result?.playerPair === true,
            bankerPair: round.result?.bankerPair === true,
          };
        });
      return { beadPlate: beadPlate(coups), bigRoad: bigRoad(coups) };
    }
    case 'ROULETTE': {
      const numbers = oldestFirst.map((round) => Number(round.result?.pocket ?? 0));
      return { lastNumbers: [...numbers].reverse().slice(0, 20), ...hotAndCold(numbers) };
    }
    case 'DRAGON_TIGER':
      return { outcomes: oldestFirst.map(outcomeOf) };
  }
};

const roundView = (round: TableRoundRow, shoe: repository.ShoeRow | undefined) => {
  const closesAt = round.closesAt.getTime();
  const isDealt = round.status !== 'betting';
  return {
    roundId: round.id.toString(),
    number: round.number,
    phase: phaseOf[round.status],
    closesAt: round.closesAt.toISOString(),
    dealingEndsAt: round.dealingEndsAt?.toISOString() ?? null,
    serverSeedHash: round.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    shoe: shoe
      ? {
          shoeId: shoe.id.toString(),
          seedHash: shoe.seedHash,
          cutPosition: shoe.cutPosition,
          position: round.shoePosition,
        }
      : null,
    // Each step with the instant the page shows it (server time), so every page animates alike.
    steps: isDealt
      ? (round.steps ?? []).map((step) => ({ ...step, at: new Date(closesAt + step.atMs).toISOString() }))
      : [],
    result: round.status === 'settled' ? round.result : null,
    serverSeed: round.status === 'betting' ? null : round.serverSeed,
  };
};

/** Builds the table's public state (the contract's) from the database (every instance alike). */
export const buildTableState = async (
  context: TablesContext,
  table: TableDefinition,
): Promise<TableState> => {
  const { db } = context;
  const round = await repository.findLatestRound(db, table.code);
  const shoe = round?.shoeId ? await repository.findShoe(db, round.shoeId) : undefined;
  const totals = round ? await repository.roundTotals(db, round.id) : { spots: [], players: 0, bets: 0 };
  const settled = await repository.listSettledRounds(db, table.code, historySize);
  return {
    tableId: table.code,
    game: table.game,
    name: table.name,
    limits: {
      minStake: table.minStake.toString(),
      maxStake: table.maxStake.toString(),
      maxPerRound: table.maxPerRound.toString(),
    },
    round: round ? roundView(round, shoe) : null,
    totals: { players: totals.players, bets: totals.bets, spots: totals.spots },
    history: historyOf(table, settled, round?.shoeId ?? null),
  };
};

export type TableListener = (serialised: string) => void;

/**
 * Rebuilds a table's state when it changed and tells its streams: serialised once per change (a
 * `text/event-stream` frame), whatever the number of listeners.
 */
export const refreshTable = async (context: TablesContext, table: TableDefinition): Promise<string> => {
  const state = await buildTableState(context, table);
  const json = JSON.stringify(state);
  const shown = context.shown.get(table.code);
  if (shown?.json === json && shown.frame) return shown.frame;
  // Stamped first with the server's time it was made (the same for every listener): clients may read their lag.
  const frame = `event: state\ndata: {"at":${String(context.clock())},${json.slice(1)}\n\n`;
  context.shown.set(table.code, { json, frame });
  for (const listener of context.listeners.get(table.code) ?? []) listener(frame);
  return frame;
};
