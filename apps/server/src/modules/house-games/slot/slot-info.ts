import type { SlotInfo } from '@wps/contracts/house-games';
import { formatMinorUnits } from '@wps/contracts/money';
import { houseJackpotRules, houseSlot, houseSlotGameCode } from '../slot-definition';
import { add, computeSlotReturn, fraction, toPercent } from '../slot-rtp';
import { slotAmountsOf } from './slot-amounts';
import type { SlotBrand, SlotServiceDependencies } from './slot-context';
import { requireSlotGame } from './slot-game';
import { jackpotKeyOf, jackpotReturn } from './slot-jackpot';

/** The exact return of the game alone (without the jackpot), worked out once from the reels. */
export const gameReturn = computeSlotReturn(houseSlot);

/** Everything the slot's page shows: reels, paylines and pays, bet levels, return to player and jackpot. */
export const describeSlot = async (
  deps: Pick<SlotServiceDependencies, 'db' | 'ledger' | 'settings' | 'jackpots'>,
  brand: SlotBrand,
): Promise<SlotInfo> => {
  const { jackpots } = deps;
  const [game, amounts] = await Promise.all([requireSlotGame(deps), slotAmountsOf(deps, brand.currency)]);
  await jackpots.ensure(jackpotKeyOf(brand), amounts.seed);
  const jackpotShare = jackpotReturn(amounts);
  return {
    gameCode: houseSlotGameCode,
    gameName: game.gameName,
    currency: brand.currency,
    betLevels: amounts.betLevels.map((level) => formatMinorUnits(level, amounts.exponent)),
    rows: houseSlot.rows,
    reels: houseSlot.reels.map((strip) => [...strip]),
    paylines: houseSlot.paylines.map((line) => [...line]),
    wild: houseSlot.wild,
    scatter: houseSlot.scatter,
    linePays: Object.fromEntries(
      Object.entries(houseSlot.linePays).map(([symbol, pays]) => [symbol, [...pays]]),
    ),
    scatterPays: [...houseSlot.scatterPays],
    freeSpinsAwarded: [...houseSlot.freeSpinsAwarded],
    freeSpinMultiplier: houseSlot.freeSpinMultiplier,
    returnToPlayer: {
      game: toPercent(gameReturn.total),
      jackpot: toPercent(jackpotShare),
      total: toPercent(add(gameReturn.total, jackpotShare)),
    },
    jackpot: await jackpots.current(jackpotKeyOf(brand)),
    jackpotRules: {
      contributionPercent: toPercent(fraction(BigInt(houseJackpotRules.contributionBasisPoints), 10_000n), 2),
      seedAmount: formatMinorUnits(amounts.seed, amounts.exponent),
      oddsStake: formatMinorUnits(amounts.oddsStake, amounts.exponent),
    },
  };
};
