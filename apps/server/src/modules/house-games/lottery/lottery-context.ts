import type { Database } from '../../../db/database';
import type { HouseGame } from '../../games/house-rounds.service';
import type { BonusService } from '../../promotions/bonuses.service';
import type { SiteService } from '../../site/site.service';
import type { TurnoverService } from '../../turnover/turnover.service';
import type { LedgerService } from '../../wallet/ledger.service';
import type { WalletService } from '../../wallet/wallet.service';
import type { ScheduleOverrides } from '../lottery.games';

/**
 * What every lottery use case works with: the service's dependencies and the state one service instance keeps
 * (its caches). The facade in `lottery.service.ts` builds one context per service and passes it to every use
 * case, so two services (two "instances" of the platform in tests) never share a cache.
 */

export type LotteryMember = { id: bigint; brandId: bigint; type: number };
export type LotteryBrand = { id: bigint; currency: string };
export type LotteryLogger = { error: (details: object, message: string) => void };

export type LotteryServiceDependencies = {
  db: Database;
  /** The brands there are and their clocks (draws are scheduled per brand, on its time zone). */
  site: Pick<SiteService, 'listBrandTimeZones'>;
  ledger: LedgerService;
  wallet: WalletService;
  turnover: TurnoverService;
  /** The member's side of every stake and win: cash first, then the bonus balance. */
  bonuses: BonusService;
  schedule: ScheduleOverrides;
  log: LotteryLogger;
  /** Bets settled per transaction. */
  settleChunkSize?: number;
};

export type LotteryCaches = {
  /** Catalogue rows of the lottery games, each kept 30 s (a disabled game stops being offered soon after). */
  catalogue: Map<string, { game: HouseGame; until: number }>;
  /** The lottery house account per `<brandId>:<currency>` (it never changes once created). */
  houseAccounts: Map<string, bigint>;
};

export type LotteryContext = Omit<LotteryServiceDependencies, 'settleChunkSize'> & {
  settleChunkSize: number;
  caches: LotteryCaches;
};

export const createLotteryCaches = (): LotteryCaches => ({ catalogue: new Map(), houseAccounts: new Map() });
