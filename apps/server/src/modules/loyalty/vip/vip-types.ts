import type { VipKeepPeriod } from '@wps/contracts/loyalty-vip';
import type { Database } from '../../../db/database';
import type { MemberService } from '../../members/members.service';
import type { RewardService } from '../../promotions/rewards.service';
import type { UploadService } from '../../uploads/uploads.service';
import type { LedgerService } from '../../wallet/ledger.service';
import type { WalletService } from '../../wallet/wallet.service';
import type { VipLevelRow } from '../vip.repository';

export type VipDependencies = {
  db: Database;
  wallet: WalletService;
  ledger: Pick<LedgerService, 'getCurrencyExponent'>;
  rewards: Pick<RewardService, 'create'>;
  members: Pick<MemberService, 'findByUsername'>;
  /** Level icons: operator uploads (POST /wps/backoffice/uploads), shown by the icon route. */
  uploads: Pick<UploadService, 'read'>;
  now: () => Date;
};

export const keepPeriodOf = (level: Pick<VipLevelRow, 'keepPeriod'>): VipKeepPeriod =>
  level.keepPeriod === 'quarter' ? 'quarter' : 'month';

/** The highest level whose thresholds the figures reach (a zero threshold asks nothing); levels by rank. */
export const rankReached = (
  levels: readonly VipLevelRow[],
  totals: { depositTotal: bigint; validBetTotal: bigint },
): number => {
  let reached = 0;
  for (const level of levels) {
    if (totals.depositTotal >= level.depositThreshold && totals.validBetTotal >= level.validBetThreshold) {
      reached = Math.max(reached, level.rank);
    }
  }
  return reached;
};
