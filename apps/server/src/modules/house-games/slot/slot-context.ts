import type { Database } from '../../../db/database';
import type { BonusService } from '../../promotions/bonuses.service';
import type { TurnoverService } from '../../turnover/turnover.service';
import type { LedgerService } from '../../wallet/ledger.service';
import type { WalletService } from '../../wallet/wallet.service';
import type { JackpotService } from '../jackpot.service';
import type { SeedService } from '../seeds.service';

export type SlotSettings = {
  /** Decimal amounts a spin may stake, in the brand's currency. */
  betLevels: readonly string[];
  /** A spin wins the jackpot with probability stake ÷ this (decimal, the brand's currency). */
  jackpotOddsStake: string;
  /** What the house puts into the pool when it is first used and after every win. */
  jackpotSeed: string;
};

export type SlotMember = { id: bigint; brandId: bigint; type: number };
export type SlotBrand = { id: bigint; currency: string };

/**
 * What every slot use case works with. The slot keeps no state of its own between calls (the jackpot
 * service keeps which pools are seeded), so the facade passes these dependencies as they are.
 */
export type SlotServiceDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  turnover: TurnoverService;
  /** The member's side of every stake and win: cash first, then the bonus balance. */
  bonuses: BonusService;
  seeds: SeedService;
  jackpots: JackpotService;
  settings: SlotSettings;
};
