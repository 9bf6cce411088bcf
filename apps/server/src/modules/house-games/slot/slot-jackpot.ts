import type { Jackpot } from '@wps/contracts/house-games';
import type { JackpotKey } from '../jackpot.service';
import { houseJackpotRules, houseSlotGameCode } from '../slot-definition';
import { add, type Fraction, fraction } from '../slot-rtp';
import { type SlotAmounts, slotAmountsOf } from './slot-amounts';
import type { SlotBrand, SlotServiceDependencies } from './slot-context';

/** The slot's jackpot pool of a brand: one per brand and currency. */
export const jackpotKeyOf = (brand: SlotBrand): JackpotKey => ({
  brandId: brand.id,
  currency: brand.currency,
  gameCode: houseSlotGameCode,
});

/** The jackpot's share of the return to player: the contribution, plus the seed paid once per expected hit. */
export const jackpotReturn = (amounts: Pick<SlotAmounts, 'oddsStake' | 'seed'>): Fraction =>
  add(
    fraction(BigInt(houseJackpotRules.contributionBasisPoints), 10_000n),
    fraction(amounts.seed, amounts.oddsStake),
  );

/** The brand's live jackpot, its pool seeded first if nobody has played yet. */
export const showJackpot = async (
  deps: Pick<SlotServiceDependencies, 'ledger' | 'settings' | 'jackpots'>,
  brand: SlotBrand,
): Promise<Jackpot> => {
  const amounts = await slotAmountsOf(deps, brand.currency);
  await deps.jackpots.ensure(jackpotKeyOf(brand), amounts.seed);
  return deps.jackpots.current(jackpotKeyOf(brand));
};
