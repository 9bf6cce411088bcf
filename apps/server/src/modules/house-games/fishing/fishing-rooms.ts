import type { FishingRoomCode } from '@wps/contracts/fishing';
import { MoneyFormatError, toMinorUnits } from '@wps/contracts/money';
import { type CatalogueFish, defaultRtpBasisPoints, fishKinds } from './fish-rules';

/**
 * The rooms, by stake size. A bullet costs stake × power (power 1 to 10), so the shallows' bullets cost 0.01 to
 * 1.00, the reef's 0.10 to 10.00 and the deep's 1.00 to 100.00. The shallows have no bosses; the reef has the
 * dragon king; the deep has both. Every room returns the same RTP on every shot (P(kill) = RTP ÷ multiplier),
 * so the rooms differ only in stakes and in which fish swim there.
 */
type RoomDefinition = {
  code: FishingRoomCode;
  /** Decimal stakes in the brand's currency; one a currency cannot hold exactly is left out. */
  stakes: readonly string[];
  fish: readonly CatalogueFish[];
  rtpBasisPoints: number;
};

const regularFish = fishKinds.filter((kind) => !kind.boss);

export const roomDefinitions: readonly RoomDefinition[] = [
  {
    code: 'shallows',
    stakes: ['0.01', '0.02', '0.05', '0.1'],
    fish: regularFish,
    rtpBasisPoints: defaultRtpBasisPoints,
  },
  {
    code: 'reef',
    stakes: ['0.1', '0.2', '0.5', '1'],
    fish: fishKinds.filter((kind) => !kind.boss || kind.code === 'dragon-king'),
    rtpBasisPoints: defaultRtpBasisPoints,
  },
  { code: 'deep', stakes: ['1', '2', '5', '10'], fish: fishKinds, rtpBasisPoints: defaultRtpBasisPoints },
];

/** A room in minor units of one currency. */
export type FishingRoomRules = RoomDefinition & { stakeLevels: readonly bigint[] };

const minorUnitsOrNull = (decimal: string, exponent: number): bigint | null => {
  try {
    return toMinorUnits(decimal, exponent);
  } catch (error) {
    if (error instanceof MoneyFormatError) return null;
    throw error;
  }
};

const roomsByExponent = new Map<number, readonly FishingRoomRules[]>();

/**
 * The rooms a currency of `exponent` decimals can hold (a room without a stake it can hold is left out), worked
 * out once per exponent.
 */
export const roomsFor = (exponent: number): readonly FishingRoomRules[] => {
  const known = roomsByExponent.get(exponent);
  if (known) return known;
  const rooms = roomsOf(exponent);
  roomsByExponent.set(exponent, rooms);
  return rooms;
};

const roomsOf = (exponent: number): FishingRoomRules[] =>
  roomDefinitions.flatMap((room) => {
    const stakeLevels = room.stakes.flatMap((stake) => {
      const minor = minorUnitsOrNull(stake, exponent);
      return minor === null ? [] : [minor];
    });
    return stakeLevels.length === 0 ? [] : [{ ...room, stakeLevels }];
  });

export const isRoomCode = (code: string): code is FishingRoomCode =>
  roomDefinitions.some((room) => room.code === code);
