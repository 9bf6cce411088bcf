import type { Database, Executor } from '../../../db/database';
import type { MemberService } from '../../members/members.service';
import type { MessageService } from '../../messages/messages.service';
import type { LedgerService } from '../../wallet/ledger.service';
import type { WalletService } from '../../wallet/wallet.service';
import type { BonusService } from '../bonuses.service';
import type { PlayBlockSource, VipRankSource } from '../eligibility/check-eligibility';

/**
 * Whether the member has a credited deposit other than `exceptDepositId`. Deposits belong to payments, which is
 * registered after promotions, so payments hands this reader over at start (`useDepositHistory`).
 */
export type DepositHistory = (
  executor: Executor,
  memberId: bigint,
  exceptDepositId: bigint | null,
) => Promise<boolean>;

export type DepositBonusDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  members: MemberService;
  messages: MessageService;
  bonuses: BonusService;
  now: () => Date;
  /** The member's VIP rank, for promotions limited to some levels. */
  vipRank: VipRankSource;
  /** Whether player protection refuses the member's play now: offers and promotion money stop. */
  isPlayBlocked: PlayBlockSource;
  depositHistory: () => DepositHistory;
};

/** A deposit as payments hands it over when the member's choice is checked or the deposit is credited. */
export type DepositForBonus = {
  id: bigint;
  brandId: bigint;
  memberId: bigint;
  currency: string;
  amount: bigint;
  channelCode: string;
  promotionId: bigint | null;
};

/** What crediting a deposit did about its chosen bonus. */
export type DepositBonusOutcome =
  | { outcome: 'none' }
  | { outcome: 'granted'; bonusId: bigint; amount: bigint }
  | { outcome: 'refused'; reason: string };
