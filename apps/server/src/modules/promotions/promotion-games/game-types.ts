import type { Database } from '../../../db/database';
import type { MemberService } from '../../members/members.service';
import type { TurnoverService } from '../../turnover/turnover.service';
import type { LedgerService } from '../../wallet/ledger.service';
import type { WalletService } from '../../wallet/wallet.service';
import type { PlayBlockSource, VipRankSource } from '../eligibility/check-eligibility';

/** What red envelopes and raffles are built on. */
export type PromotionGameDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  turnover: TurnoverService;
  members: Pick<MemberService, 'findById'>;
  /** The brand's wallet currency (promotion amounts are decimals in it). */
  currencyOf: (brandId: bigint) => Promise<string>;
  now: () => Date;
  /** The member's VIP rank, for promotions limited to some levels. */
  vipRank: VipRankSource;
  /** Whether player protection refuses the member's play now: offers and promotion money stop. */
  isPlayBlocked: PlayBlockSource;
};
