import type {
  confirmWithdrawalRequestSchema,
  createWithdrawalRequestSchema,
  staffWithdrawalSchema,
  withdrawalOverviewSchema,
} from '@wps/contracts/payments';
import type { z } from 'zod';
import type { Database, Executor } from '../../../db/database';
import type { AuditActor } from '../../audit/audit.service';
import type { KycService } from '../../kyc/kyc.service';
import type { VipWithdrawalLimits } from '../../loyalty/vip.service';
import type { MemberRow, MemberService } from '../../members/members.service';
import type { MessageService } from '../../messages/messages.service';
import type { ProtectionService } from '../../protection/protection.service';
import type { TurnoverService } from '../../turnover/turnover.service';
import type { BonusService } from '../../promotions/bonuses.service';
import type { UploadService } from '../../uploads/uploads.service';
import type { FundsService } from '../../wallet/funds.service';
import type { LedgerService } from '../../wallet/ledger.service';
import type { WalletService } from '../../wallet/wallet.service';
import type { PaymentBrand, PaymentSettingsService } from '../payment-settings.service';

export type CreateWithdrawalRequest = z.infer<typeof createWithdrawalRequestSchema>;
export type ConfirmWithdrawalRequest = z.infer<typeof confirmWithdrawalRequestSchema>;
export type WithdrawalOverview = z.infer<typeof withdrawalOverviewSchema>;
export type StaffWithdrawal = z.infer<typeof staffWithdrawalSchema>;

/** A member acting on their own brand's site. */
export type MemberContext = { member: MemberRow; brand: PaymentBrand; ip: string };
/**
 * A staff member acting on a brand; the username is what the console shows of a first approval.
 * `revealsPayoutAccounts`: whether they read payout account numbers in full, which those who approve
 * withdrawals (and so pay them out) do; others answer players and see the last four characters only.
 */
export type StaffContext = {
  staffId: string;
  staffName: string;
  revealsPayoutAccounts: boolean;
  brand: PaymentBrand;
  ip: string;
};
export type Page = { pageNo: number; pageSize: number };
/** A reviewer's decision on a pending withdrawal. */
export type WithdrawalDecision =
  { outcome: 'approve'; note: string | undefined } | { outcome: 'reject'; reason: string };

export type WithdrawalServiceDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  turnover: TurnoverService;
  messages: MessageService;
  members: MemberService;
  uploads: UploadService;
  settings: PaymentSettingsService;
  /** The brand's second-approval amount (four eyes) comes from the wallet settings. */
  funds: Pick<FundsService, 'secondApprovalAbove'>;
  /** A withdrawal forfeits the member's active bonus once they confirm; the overview warns about it. */
  bonuses: Pick<BonusService, 'forfeitForWithdrawal' | 'findActive' | 'balance'>;
  /** The member's VIP level's own daily limits (loyalty, registered before payments). */
  vipLimits: (executor: Executor, member: { id: bigint; brandId: bigint }) => Promise<VipWithdrawalLimits>;
  /** Whether a withdrawal waits for the member's identity verification (the brand's KYC thresholds). */
  kyc: Pick<KycService, 'withdrawalHold'>;
  /** An excluded member owes no turnover: they withdraw what remains without playing it through. */
  protection: Pick<ProtectionService, 'isPlayBlocked'>;
};

export const memberActor = ({ member, ip }: MemberContext): AuditActor => ({
  type: 'member',
  id: member.id.toString(),
  ip,
});
