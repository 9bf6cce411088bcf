import type { Database } from '../../../db/database';
import type { HouseGame } from '../../games/house-rounds.service';
import type { BonusService } from '../../promotions/bonuses.service';
import type { ProtectionService } from '../../protection/protection.service';
import type { TurnoverService } from '../../turnover/turnover.service';
import type { LedgerService } from '../../wallet/ledger.service';
import type { WalletService } from '../../wallet/wallet.service';
import type { SeedService } from '../seeds.service';
import type { ShotAllowance } from './fishing.repository';

export type FishingMember = { id: bigint; brandId: bigint };
export type FishingBrand = { id: bigint; currency: string };

export type FishingSettings = {
  /** Every player's shot rate: `perSecond` shots a second, with `burst` shots held in reserve. */
  allowance: ShotAllowance;
  /** A session with no batch for this long is closed by the idle job. */
  idleMs: number;
  /** How often the idle job looks (0: only when run by name). */
  idleCheckMs: number;
  /** Whether batches of different members arriving together are written in one transaction (fire-shots-batch.ts). */
  batchShots: boolean;
};

export const defaultFishingSettings: FishingSettings = {
  allowance: { perSecond: 10, burst: 20 },
  idleMs: 5 * 60_000,
  idleCheckMs: 30_000,
  batchShots: true,
};

export type FishingServiceDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  turnover: TurnoverService;
  /** The member's side of every stake and win: cash first, then the bonus balance. */
  bonuses: BonusService;
  seeds: SeedService;
  /** Player protection: no session opens while the member is excluded or out of session time. */
  protection: Pick<ProtectionService, 'assertCanPlay'>;
  settings?: Partial<FishingSettings>;
  clock?: () => number;
  onError?: (error: unknown) => void;
};

/** What the use cases in fishing/ work with: the dependencies with their defaults, and the instance's cache. */
export type FishingContext = Required<Omit<FishingServiceDependencies, 'settings'>> & {
  settings: FishingSettings;
  /** The catalogue entry, checked again after `catalogueTtlMs` (a disabled game stops new shots soon). */
  catalogue: { game: HouseGame | undefined; checkedAt: number };
};
