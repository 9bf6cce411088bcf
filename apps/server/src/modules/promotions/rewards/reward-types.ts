import type { Database } from '../../../db/database';
import type { PlayBlockSource } from '../../members/members.service';
import type { TurnoverService } from '../../turnover/turnover.service';
import type { LedgerService } from '../../wallet/ledger.service';
import type { WalletService } from '../../wallet/wallet.service';

export type RewardDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  turnover: TurnoverService;
  now: () => Date;
  /** Whether player protection refuses the member's play now: rewards wait unclaimed while it does. */
  isPlayBlocked: PlayBlockSource;
};

/** Whose rewards: a member of a brand, in the brand's currency. */
export type RewardOwner = { brandId: bigint; memberId: bigint; currency: string };

/** What another domain (cashback, raffle, referral, missions, VIP) puts in a member's reward centre. */
export type NewRewardRequest = RewardOwner & {
  source: 'rebate' | 'cashback' | 'red_envelope' | 'raffle' | 'referral' | 'mission' | 'vip' | 'granted';
  promotionId: bigint | null;
  /** Unique per member and source: creating the same reference again creates nothing. */
  reference: string;
  title: string;
  /** Minor units, positive. */
  amount: bigint;
  /** Added to the member's turnover requirement when claimed (minor units; 0: none). */
  turnoverRequired: bigint;
  /** When it stops being claimable; 7 days from now when not given, null: never. */
  expiresAt?: Date | null;
};
