import { MoneyFormatError, toMinorUnits } from '@wps/contracts/money';
import type { PvpGame, PvpStakeLevel } from '@wps/contracts/pvp';
import { niuNiuRoomDefinitions } from './niu-niu-rooms';

/**
 * The hold'em rooms every brand has, by stake level and table size. Blinds and the rake cap are decimals of
 * the brand's currency; a buy-in is 40 to 100 big blinds. The rake is 5 % of each pot, at most the cap per
 * hand, and no flop, no rake (rake.ts). A currency that cannot hold a room's small blind exactly has no such
 * room. Each room is one table per brand and currency (`pvp_tables`, made when first listed). The Niu-Niu
 * rooms (niu-niu-rooms.ts) follow the hold'em ones.
 */
type RoomDefinition = {
  code: string;
  game: PvpGame;
  level: PvpStakeLevel;
  name: string;
  seats: number;
  smallBlind: string;
  bigBlind: string;
  rakeCap: string;
  /** The buy-in range in big blinds (base stakes at a Niu-Niu table). */
  buyInBigBlinds: readonly [bigint, bigint];
};

export const minBuyInBigBlinds = 40n;
export const maxBuyInBigBlinds = 100n;
export const rakeBasisPoints = 500;

const levels: ReadonlyArray<{ level: PvpStakeLevel; label: string; blinds: [string, string]; cap: string }> =
  [
    { level: 'MICRO', label: 'Micro', blinds: ['0.05', '0.10'], cap: '0.50' },
    { level: 'LOW', label: 'Low', blinds: ['0.50', '1'], cap: '3' },
    { level: 'MID', label: 'Mid', blinds: ['2', '5'], cap: '10' },
  ];

const holdemRoomDefinitions: readonly RoomDefinition[] = levels.flatMap(({ level, label, blinds, cap }) =>
  ([6, 9] as const).map((seats) => ({
    code: `HOLDEM-${level}-${seats}`,
    game: 'HOLDEM' as const,
    level,
    name: `Hold'em ${label} ${blinds[0]}/${blinds[1]} · ${seats}-max`,
    seats,
    smallBlind: blinds[0],
    bigBlind: blinds[1],
    rakeCap: cap,
    buyInBigBlinds: [minBuyInBigBlinds, maxBuyInBigBlinds] as const,
  })),
);

export const roomDefinitions: readonly RoomDefinition[] = [
  ...holdemRoomDefinitions,
  ...niuNiuRoomDefinitions,
];

/** A room in minor units of one currency. */
export type PvpRoom = {
  code: string;
  game: PvpGame;
  level: PvpStakeLevel;
  name: string;
  seats: number;
  smallBlind: bigint;
  bigBlind: bigint;
  minBuyIn: bigint;
  maxBuyIn: bigint;
  rakeBasisPoints: number;
  rakeCap: bigint;
};

const minorUnitsOrNull = (decimal: string, exponent: number): bigint | null => {
  try {
    return toMinorUnits(decimal, exponent);
  } catch (error) {
    if (error instanceof MoneyFormatError) return null;
    throw error;
  }
};

/** The rooms a currency of `exponent` decimals can hold. */
export const roomsFor = (exponent: number): PvpRoom[] =>
  roomDefinitions.flatMap((room) => {
    const smallBlind = minorUnitsOrNull(room.smallBlind, exponent);
    const bigBlind = minorUnitsOrNull(room.bigBlind, exponent);
    const rakeCap = minorUnitsOrNull(room.rakeCap, exponent);
    if (smallBlind === null || bigBlind === null || rakeCap === null) return [];
    return [
      {
        code: room.code,
        game: room.game,
        level: room.level,
        name: room.name,
        seats: room.seats,
        smallBlind,
        bigBlind,
        minBuyIn: bigBlind * room.buyInBigBlinds[0],
        maxBuyIn: bigBlind * room.buyInBigBlinds[1],
        rakeBasisPoints,
        rakeCap,
      },
    ];
  });
