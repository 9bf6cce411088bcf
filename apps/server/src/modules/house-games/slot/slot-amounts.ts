import { formatMinorUnits, toMinorUnits } from '@wps/contracts/money';
import { houseJackpotRules, houseSlot } from '../slot-definition';
import type { SlotServiceDependencies } from './slot-context';

/** A stake is split evenly over the paylines: each line bets stake ÷ this. */
export const lineCount = BigInt(houseSlot.paylines.length);

/** The slot's settings in minor units of one currency. */
export type SlotAmounts = {
  exponent: number;
  betLevels: bigint[];
  /** A spin wins the jackpot when a fair draw in [0, oddsStake) is below its stake. */
  oddsStake: bigint;
  /** What the house puts into the jackpot pool when it is first used and after every win. */
  seed: bigint;
};

/** The settings in minor units of a currency; a bet level that cannot pay exactly is a configuration error. */
export const slotAmountsOf = async (
  { ledger, settings }: Pick<SlotServiceDependencies, 'ledger' | 'settings'>,
  currency: string,
): Promise<SlotAmounts> => {
  const exponent = await ledger.getCurrencyExponent(currency);
  const betLevels = settings.betLevels.map((level) => toMinorUnits(level, exponent));
  for (const level of betLevels) {
    if (
      level % lineCount !== 0n ||
      (level * BigInt(houseJackpotRules.contributionBasisPoints)) % 10_000n !== 0n
    ) {
      throw new Error(
        `bet level ${formatMinorUnits(level, exponent)} does not split exactly over lines and jackpot`,
      );
    }
  }
  const oddsStake = toMinorUnits(settings.jackpotOddsStake, exponent);
  if (oddsStake > 2n ** 32n) throw new Error('the jackpot odds stake is beyond one fair draw');
  return { exponent, betLevels, oddsStake, seed: toMinorUnits(settings.jackpotSeed, exponent) };
};
