import type { Database } from '../../../db/database';
import type { LedgerService } from '../ledger.service';
import type { WalletService } from '../wallet.service';

export type FundsServiceDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
};

export type WalletTransferRequest = {
  vendor: string;
  direction: 'TO_GAME' | 'TO_MAIN';
  amount: string;
  requestId: string;
};
