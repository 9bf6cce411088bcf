import type { Database } from '../../../db/database';
import type { LedgerService } from '../../wallet/ledger.service';
import type { WalletService } from '../../wallet/wallet.service';

export type SettlementLogger = { error: (details: object, message: string) => void };

export type SettlementServiceDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  now?: () => Date;
  realtimeSlotMs: number;
  batchSize?: number;
  log: SettlementLogger;
  /** Brings the roll-ups up to the ledger before a run reads them (the agents' fold); tests that write roll-ups
   * directly leave it out. */
  foldFigures?: () => Promise<unknown>;
};

/**
 * What the settlement use cases are given: the service's dependencies with its clock and batch size settled, and
 * within a kept run, the run's id (its pay records name it).
 */
export type SettlementContext = Omit<SettlementServiceDependencies, 'now' | 'batchSize'> & {
  now: () => Date;
  batchSize: number;
  runId?: bigint;
};
