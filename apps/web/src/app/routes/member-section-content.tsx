import type { MemberInfo } from '@wps/contracts/auth';
import type { ReactNode } from 'react';
import { BettingRecordPage } from '../../features/games/components/betting-record-page';
import type { MemberSection } from '../../features/members/member-sections';
import { DepositPage } from '../../features/payments/components/deposit-page';
import { WithdrawPage } from '../../features/payments/components/withdraw-page';
import { PersonalProfitPage } from '../../features/wallet/components/personal-profit-page';
import { TransactionHistoryPage } from '../../features/wallet/components/transaction-history-page';
import { TransferFundPage } from '../../features/wallet/components/transfer-fund-page';
import { TransferUplinePage } from '../../features/wallet/components/transfer-upline-page';

/**
 * The member-centre sections that other features provide, by section; one line per section. Sections not
 * listed show that they open soon.
 */
const sectionContent: Partial<Record<MemberSection, (member: MemberInfo) => ReactNode>> = {
  depositv2: () => <DepositPage />,
  withdraw: () => <WithdrawPage />,
  transferFund: (member) => <TransferFundPage member={member} />,
  transferUpline: () => <TransferUplinePage />,
  personalHistoryCopy: () => <BettingRecordPage />,
  transactionHistory: () => <TransactionHistoryPage />,
  personalProfit: () => <PersonalProfitPage />,
};

export const renderMemberSection = (section: MemberSection, member: MemberInfo): ReactNode =>
  sectionContent[section]?.(member) ?? null;
