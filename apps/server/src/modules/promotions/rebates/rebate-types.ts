import type { Database, Executor } from '../../../db/database';
import type { TurnoverService } from '../../turnover/turnover.service';
import type { LedgerService } from '../../wallet/ledger.service';
import type { WalletService } from '../../wallet/wallet.service';

export type RebateDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: Pick<WalletService, 'notifyBalance'>;
  turnover: Pick<TurnoverService, 'addRequirement' | 'addRequirements'>;
  /** Whether the brand's members claim their rebate themselves (whitelabel flag MANPLAYREB3). */
  isManualRebate: (brandId: bigint) => Promise<boolean>;
  now: () => Date;
  /**
   * Which of the members player protection excludes now (a time-out or self-exclusion): their rebate is not paid
   * while it lasts, neither by the daily job nor on the manual rebate page.
   */
  playBlockedAmong: (memberIds: readonly bigint[], executor: Executor) => Promise<Set<bigint>>;
  /** Members paid per database transaction by the daily job. */
  payChunkSize: number;
  /** Chunks paid at once by the daily job (transactions on as many connections). */
  payConcurrency: number;
};

/** Whose rebate: a member of a brand, in the brand's currency. */
export type RebateOwner = { brandId: bigint; memberId: bigint; currency: string };

/** The reward a cash payment adds to the member's turnover requirement, rounded down. */
export const turnoverOf = (amount: bigint, turnoverPercent: number): bigint =>
  (amount * BigInt(turnoverPercent)) / 100n;
