import type { Database } from '../../../db/database';
import type { MemberService } from '../../members/members.service';
import type { SiteService } from '../../site/site.service';
import type { WalletService } from '../../wallet/wallet.service';
import type { RewardService } from '../rewards.service';
import type { PlayBlockSource, VipRankSource } from '../eligibility/check-eligibility';

export type ReferralDependencies = {
  db: Database;
  wallet: WalletService;
  rewards: Pick<RewardService, 'create'>;
  members: Pick<MemberService, 'findById'>;
  site: Pick<SiteService, 'listBrandTimeZones' | 'getBrandCurrency'>;
  now: () => Date;
  /** The member's VIP rank, for promotions limited to some levels. */
  vipRank: VipRankSource;
  /** Whether player protection refuses the member's play now: offers and promotion money stop. */
  isPlayBlocked: PlayBlockSource;
};
