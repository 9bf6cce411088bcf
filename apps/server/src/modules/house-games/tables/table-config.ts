import { baccaratBetKinds } from './baccarat.rules';
import { dragonTigerBetKinds } from './dragon-tiger.rules';
import { rouletteSpots } from './roulette.rules';

export const tableGames = ['BACCARAT', 'ROULETTE', 'DRAGON_TIGER'] as const;
export type TableGame = (typeof tableGames)[number];

/**
 * A table of the live-style house games. Limits are minor units of the member's currency: each spot of a
 * request takes between `minStake` and `maxStake`, and a member's stakes on one round add up to at most
 * `maxPerRound`.
 */
export type TableDefinition = {
  code: string;
  game: TableGame;
  name: string;
  minStake: bigint;
  maxStake: bigint;
  maxPerRound: bigint;
};

/** The tables every brand sees; several per game, each with its own limits. */
export const tableDefinitions: readonly TableDefinition[] = [
  {
    code: 'BAC-A',
    game: 'BACCARAT',
    name: 'Baccarat A',
    minStake: 1_000n,
    maxStake: 5_000_000n,
    maxPerRound: 10_000_000n,
  },
  {
    code: 'BAC-B',
    game: 'BACCARAT',
    name: 'Baccarat B',
    minStake: 10_000n,
    maxStake: 50_000_000n,
    maxPerRound: 100_000_000n,
  },
  {
    code: 'ROU-A',
    game: 'ROULETTE',
    name: 'Roulette A',
    minStake: 1_000n,
    maxStake: 2_000_000n,
    maxPerRound: 10_000_000n,
  },
  {
    code: 'DT-A',
    game: 'DRAGON_TIGER',
    name: 'Dragon Tiger A',
    minStake: 1_000n,
    maxStake: 5_000_000n,
    maxPerRound: 10_000_000n,
  },
];

/** The round cycle's timing; every figure in milliseconds. */
export type TableSettings = {
  /** How long a round takes bets (from its creation to its close). */
  bettingMs: number;
  /** Between a card and the next as the page reveals them. */
  cardStepMs: number;
  /** From the close to the ball landing. */
  spinMs: number;
  /** After the last step is shown until the round settles. */
  resultHoldMs: number;
  /** After a round settled until the next one opens. */
  pauseMs: number;
  tickMs: number;
  leaseMs: number;
  /** Bets settled per transaction. */
  settleChunkSize: number;
  /** At most how long bets' new totals wait to reach the streams (one frame for all the bets meanwhile). */
  totalsEveryMs: number;
  /**
   * Whether bets and the close pass the round's betting gate (advisory locks). Off on the embedded PGlite: its
   * one connection runs one transaction at a time, so nothing races, and its advisory lock inside a
   * transaction was seen to hang a restart.
   */
  bettingGate: boolean;
  /** Whether requests arriving together are placed in one transaction (group commit: lib/group-commit.ts). */
  batchBets: boolean;
};

export const defaultTableSettings: TableSettings = {
  bettingMs: 15_000,
  cardStepMs: 1_000,
  spinMs: 6_000,
  resultHoldMs: 2_000,
  pauseMs: 3_000,
  tickMs: 250,
  leaseMs: 5_000,
  settleChunkSize: 500,
  totalsEveryMs: 250,
  bettingGate: true,
  batchBets: true,
};

const spotsByGame: Readonly<Record<TableGame, ReadonlySet<string>>> = {
  BACCARAT: new Set(baccaratBetKinds),
  DRAGON_TIGER: new Set(dragonTigerBetKinds),
  ROULETTE: new Set(rouletteSpots.keys()),
};

/** Whether `spot` is a bet of the game: a baccarat or dragon tiger bet kind, or a roulette spot key. */
export const isSpotOf = (game: TableGame, spot: string): boolean => spotsByGame[game].has(spot);

export const findTable = (code: string): TableDefinition | undefined =>
  tableDefinitions.find((table) => table.code === code);
