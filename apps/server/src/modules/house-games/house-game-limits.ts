import { formatMultiplier, maxCrashHundredths, minAutoCashOutHundredths } from '@wps/contracts/crash-rules';
import type { HouseGameLimits } from '@wps/contracts/house-games-admin';
import { formatMinorUnits } from '@wps/contracts/money';
import type { LedgerService } from '../wallet/ledger.service';
import { defaultCockfightSettings } from './cockfight/cockfight-config';
import { bulletPowers } from './fishing/fish-rules';
import { fishingGame } from './fishing/fishing-game';
import { roomsFor as fishingRoomsFor } from './fishing/fishing-rooms';
import { roomsFor as pvpRoomsFor } from './pvp/pvp-rooms';
import { slotAmountsOf } from './slot/slot-amounts';
import type { SlotSettings } from './slot/slot-context';
import { houseSlotGameCode } from './slot-definition';
import type { TableDefinition } from './tables/table-config';

export type HouseGameLimitsDependencies = {
  ledger: LedgerService;
  slotSettings: SlotSettings;
  /** The live-style tables the tables service runs. */
  tables: readonly TableDefinition[];
};

/**
 * What each house game takes, in the brand's currency, read from the same configuration the games use: the
 * slot's bet levels, the crash game's auto cash-out range, the arena's default fight limits, each table's and
 * each room's stakes. Nothing here is stored per brand, so the console shows it and changes none of it.
 */
export const describeHouseGameLimits = async (
  { ledger, slotSettings, tables }: HouseGameLimitsDependencies,
  brand: { currency: string },
): Promise<{ currency: string; games: HouseGameLimits[] }> => {
  const exponent = await ledger.getCurrencyExponent(brand.currency);
  const money = (minor: bigint): string => formatMinorUnits(minor, exponent);
  const slot = await slotAmountsOf({ ledger, settings: slotSettings }, brand.currency);
  const cockfight = defaultCockfightSettings;
  const tableLimits = (game: TableDefinition['game']) =>
    tables
      .filter((table) => table.game === game)
      .map((table) => ({
        label: table.name,
        value: `${money(table.minStake)} to ${money(table.maxStake)} a bet, at most ${money(table.maxPerRound)} a round`,
      }));
  const pvpLimits = (game: 'HOLDEM' | 'NIUNIU') =>
    pvpRoomsFor(exponent)
      .filter((room) => room.game === game)
      .map((room) => ({
        label: room.name,
        value: `buy-in ${money(room.minBuyIn)} to ${money(room.maxBuyIn)}, rake ${room.rakeBasisPoints / 100}% up to ${money(room.rakeCap)} a hand`,
      }));
  return {
    currency: brand.currency,
    games: [
      {
        gameCode: houseSlotGameCode,
        limits: [{ label: 'Bet levels', value: slot.betLevels.map(money).join(', ') }],
      },
      {
        gameCode: 'CRASH',
        limits: [
          { label: 'Stake', value: 'any amount the balance covers' },
          {
            label: 'Auto cash-out',
            value: `${formatMultiplier(minAutoCashOutHundredths)}× to ${formatMultiplier(maxCrashHundredths)}×`,
          },
        ],
      },
      {
        gameCode: 'COCKFIGHT',
        limits: [
          { label: 'Least stake (a fight without its own)', value: cockfight.minStake },
          { label: 'Most per player (a fight without its own)', value: cockfight.maxPerPlayer },
          { label: 'Most per fight (a fight without its own)', value: cockfight.maxPerFight },
        ],
      },
      { gameCode: 'BACCARAT', limits: tableLimits('BACCARAT') },
      { gameCode: 'ROULETTE', limits: tableLimits('ROULETTE') },
      { gameCode: 'DRAGON_TIGER', limits: tableLimits('DRAGON_TIGER') },
      {
        gameCode: fishingGame.gameCode,
        limits: fishingRoomsFor(exponent).map((room) => ({
          label: `Room ${room.code}`,
          value: `bullet stakes ${room.stakeLevels.map(money).join(', ')}, × power ${bulletPowers[0]} to ${bulletPowers[bulletPowers.length - 1] ?? bulletPowers[0]}`,
        })),
      },
      { gameCode: 'HOLDEM', limits: pvpLimits('HOLDEM') },
      { gameCode: 'NIUNIU', limits: pvpLimits('NIUNIU') },
    ],
  };
};
