import type { MemberInfo } from '@wps/contracts/auth';
import type { ReactNode } from 'react';
import { LoadingStatus } from '../../components/loading-status';
import { SecurityCentre } from '../../features/members/components/security-centre';
import type { MemberSection } from '../../features/members/member-sections';
import { PaymentPasswordForm } from '../../features/payments/components/payment-password-form';
import { lazyComponent } from '../../lib/lazy-component';

// Each section's code loads when the member opens it; the security centre, the first, comes with the page.
const BettingRecordPage = lazyComponent(
  'betting-record',
  () =>
    import('../../features/games/components/betting-record-page').then((module) => module.BettingRecordPage),
  <LoadingStatus />,
);
const DepositPage = lazyComponent(
  'deposit',
  () => import('../../features/payments/components/deposit-page').then((module) => module.DepositPage),
  <LoadingStatus />,
);
const WithdrawPage = lazyComponent(
  'withdraw',
  () => import('../../features/payments/components/withdraw-page').then((module) => module.WithdrawPage),
  <LoadingStatus />,
);
const PersonalProfitPage = lazyComponent(
  'personal-profit',
  () =>
    import('../../features/wallet/components/personal-profit-page').then(
      (module) => module.PersonalProfitPage,
    ),
  <LoadingStatus />,
);
const TransactionHistoryPage = lazyComponent(
  'transaction-history',
  () =>
    import('../../features/wallet/components/transaction-history-page').then(
      (module) => module.TransactionHistoryPage,
    ),
  <LoadingStatus />,
);
const TransferFundPage = lazyComponent(
  'transfer-fund',
  () =>
    import('../../features/wallet/components/transfer-fund-page').then((module) => module.TransferFundPage),
  <LoadingStatus />,
);
const TransferUplinePage = lazyComponent(
  'transfer-upline',
  () =>
    import('../../features/wallet/components/transfer-upline-page').then(
      (module) => module.TransferUplinePage,
    ),
  <LoadingStatus />,
);
const MessageInbox = lazyComponent(
  'message-inbox',
  () => import('../../features/messages/components/message-inbox').then((module) => module.MessageInbox),
  <LoadingStatus />,
);
const BonusDetailsPage = lazyComponent(
  'bonus-details',
  () =>
    import('../../features/promotions/components/bonus-details-page').then(
      (module) => module.BonusDetailsPage,
    ),
  <LoadingStatus />,
);
const RewardCenterPage = lazyComponent(
  'reward-center',
  () =>
    import('../../features/promotions/components/reward-center-page').then(
      (module) => module.RewardCenterPage,
    ),
  <LoadingStatus />,
);
const ReferralPage = lazyComponent(
  'referral',
  () => import('../../features/promotions/components/referral-page').then((module) => module.ReferralPage),
  <LoadingStatus />,
);
const ManualRebatePage = lazyComponent(
  'manual-rebate',
  () =>
    import('../../features/promotions/components/manual-rebate-page').then(
      (module) => module.ManualRebatePage,
    ),
  <LoadingStatus />,
);
const PlayerRankPage = lazyComponent(
  'player-rank',
  () => import('../../features/loyalty/components/player-rank-page').then((module) => module.PlayerRankPage),
  <LoadingStatus />,
);
const MissionsPage = lazyComponent(
  'missions',
  () => import('../../features/loyalty/components/missions-page').then((module) => module.MissionsPage),
  <LoadingStatus />,
);
const ResponsibleGamingPage = lazyComponent(
  'responsible-gaming',
  () =>
    import('../../features/protection/components/responsible-gaming-page').then(
      (module) => module.ResponsibleGamingPage,
    ),
  <LoadingStatus />,
);
const VerificationPage = lazyComponent(
  'verification',
  () => import('../../features/kyc/components/verification-page').then((module) => module.VerificationPage),
  <LoadingStatus />,
);
const FeedbackForm = lazyComponent(
  'feedback-form',
  () => import('../../features/feedback/components/feedback-form').then((module) => module.FeedbackForm),
  <LoadingStatus />,
);

/**
 * The member-centre sections that the features provide, by section; one line per section (sections not built
 * yet are listed in member-sections.ts and hidden).
 */
const sectionContent: Partial<Record<MemberSection, (member: MemberInfo) => ReactNode>> = {
  securityCenter: (member) => (
    <SecurityCentre
      member={member}
      // A new form once the first payment password is set: the change asks for the current one too.
      renderPaymentPassword={({ isSet, sectionId }) => (
        <PaymentPasswordForm key={String(isSet)} mode={isSet ? 'change' : 'set'} sectionId={sectionId} />
      )}
    />
  ),
  depositv2: () => <DepositPage />,
  withdraw: () => <WithdrawPage />,
  transferFund: (member) => <TransferFundPage member={member} />,
  transferUpline: () => <TransferUplinePage />,
  personalHistoryCopy: () => <BettingRecordPage />,
  transactionHistory: () => <TransactionHistoryPage />,
  personalProfit: () => <PersonalProfitPage />,
  bonusDetails: () => <BonusDetailsPage />,
  rewardCenter: (member) => <RewardCenterPage currencySymbol={member.currencySymbol} />,
  referral: (member) => <ReferralPage currencySymbol={member.currencySymbol} />,
  messageV2: () => <MessageInbox />,
  manualRebate: () => <ManualRebatePage />,
  playerRank: () => <PlayerRankPage />,
  missionLeaderboard: () => <MissionsPage />,
  responsibleGaming: () => <ResponsibleGamingPage />,
  verification: () => <VerificationPage />,
  feedback: () => <FeedbackForm />,
};

export const renderMemberSection = (section: MemberSection, member: MemberInfo): ReactNode =>
  sectionContent[section]?.(member) ?? null;
