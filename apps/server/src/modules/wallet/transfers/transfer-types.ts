import type { Database } from '../../../db/database';
import type { MemberService } from '../../members/members.service';
import type { MessageService } from '../../messages/messages.service';
import type { TurnoverService } from '../../turnover/turnover.service';
import type { LedgerService } from '../ledger.service';
import type { WalletService } from '../wallet.service';

export type TransferServiceDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  members: MemberService;
  messages: MessageService;
  /** The sender's outstanding wagering requirement moves with the money (turnover.carryWithTransfer). */
  turnover: Pick<TurnoverService, 'carryWithTransfer'>;
};

export type TransferRequest = { amount: string; paymentPassword: string; requestId: string };
export type DownlineTransferRequest = TransferRequest & { username: string };

export type TransferResult = {
  transactionId: string;
  recipient: string;
  amount: string;
  /** The sender's main wallet after the transfer (for a retry: after the original transfer). */
  balance: string;
};
