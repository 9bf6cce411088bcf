import type { VendorWalletAnswer, VendorWalletStatus } from '@wps/contracts/vendor-wallet';
import type { Database } from '../../db/database';
import type { JobScheduler } from '../../jobs/scheduler';
import type { MemberService } from '../members/members.service';
import type { BonusService } from '../promotions/bonuses.service';
import type { ProtectionService } from '../protection/protection.service';
import type { TurnoverService } from '../turnover/turnover.service';
import type { LedgerService } from '../wallet/ledger.service';
import type { WalletService } from '../wallet/wallet.service';
import { createBetBatch } from './vendor-wallet.bet-batch';
import { closeIdleRounds } from './vendor-wallet/close-idle-rounds';
import { handleWalletCall } from './vendor-wallet/handle-call';
import { createWalletCaches, type WalletCallContext } from './vendor-wallet/wallet-context';

/**
 * The Hub88 Operator Wallet API, which external game vendors call to move a player's money (the operator's
 * guide is docs/vendor-wallet-integration.md). Every call ends in one protocol answer, never an exception:
 *
 * 1. the vendor (from the path) must exist, be enabled and seamless: else RS_ERROR_INVALID_PARTNER;
 * 2. the signature must verify the raw body with the vendor's key: else RS_ERROR_INVALID_SIGNATURE;
 * 3. the body must be one JSON object (RS_ERROR_WRONG_SYNTAX) of the method's fields (RS_ERROR_WRONG_TYPES);
 * 4. the method's rules, under the member's advisory lock, in one database transaction with the ledger
 *    postings, the round and the game transaction rows.
 */

export type VendorWalletCall = {
  vendorCode: string;
  method: string;
  /** The body exactly as received (undefined when there was none). */
  body: Buffer | undefined;
  signature: string | undefined;
};

export type VendorWalletOutcome = {
  answer: VendorWalletAnswer;
  /** A member whose balance changed (signal their open sites after the answer is committed). */
  changedMemberId?: bigint;
};

export type VendorWalletDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  turnover: TurnoverService;
  /** Bets stake bonus money after cash, and wins pay its share back (promotions' bonus engine). */
  bonuses: Pick<BonusService, 'splitStake' | 'splitWin' | 'cachedBalance' | 'activeBalance' | 'findActive'>;
  members: Pick<MemberService, 'findById'>;
  /** Whether a member is in a time-out or a self-exclusion (read with the member, kept as long). */
  protection: Pick<ProtectionService, 'isPlayBlocked'>;
  /** A brand's wallet currency (site service). */
  brandCurrency: (brandId: bigint) => Promise<string | undefined>;
  /**
   * Commit concurrent bets together (vendor-wallet.bet-batch.ts): on PostgreSQL. PGlite runs one statement at a
   * time on one connection, so there is nothing to group, and a batch's transaction would hold that connection
   * while the ledger resolves an account outside it.
   */
  groupCommit?: boolean;
  /** Unexpected failures (answered RS_ERROR_UNKNOWN) are reported here. */
  onError?: (error: unknown) => void;
  now?: () => Date;
};

/**
 * The service's state (its bet batch and caches) is created here, once per instance; each method is a use case
 * of vendor-wallet/ (handle-call.ts, place-bet.ts, pay-win.ts, rollback.ts, user-info.ts, close-idle-rounds.ts).
 */
export const createVendorWalletService = ({
  groupCommit = false,
  now = () => new Date(),
  ...dependencies
}: VendorWalletDependencies) => {
  const context: WalletCallContext = {
    ...dependencies,
    now,
    bets: createBetBatch({
      db: dependencies.db,
      ledger: dependencies.ledger,
      ...(groupCommit ? {} : { maxBatch: 1 }),
    }),
    caches: createWalletCaches(),
  };

  return {
    /**
     * One wallet call, start to end. Never throws: an unexpected failure (the database away) is answered
     * RS_ERROR_UNKNOWN, after which the vendor retries (or rolls a bet back), and nothing was committed.
     */
    handle: (call: VendorWalletCall): Promise<VendorWalletOutcome> => handleWalletCall(context, call),

    /**
     * Settles the rounds no call has touched for `idleMs` (a vendor that never sent round_closed), as a closing
     * call would, so their valid bet reaches turnover, rebates and agent reports. Answers how many it closed.
     */
    closeIdleRounds: (idleMs: number, batchSize = 500): Promise<number> =>
      closeIdleRounds(context, idleMs, batchSize),
  };
};

export type VendorWalletService = ReturnType<typeof createVendorWalletService>;

export const idleRoundJobName = 'games.close-idle-rounds';

/** Closes idle vendor rounds every `intervalMs` (0: only when asked). */
export const scheduleIdleRoundClosing = (
  scheduler: JobScheduler,
  vendorWallet: Pick<VendorWalletService, 'closeIdleRounds'>,
  settings: { intervalMs: number; idleMs: number },
): void => {
  scheduler.every(idleRoundJobName, settings.intervalMs, async () => {
    await vendorWallet.closeIdleRounds(settings.idleMs);
  });
};

/** The answer to a call that never reached the service (a body too large, a path that is no method). */
export const protocolFailure = (status: VendorWalletStatus): VendorWalletAnswer => ({
  user: '',
  status,
  request_uuid: '',
  currency: '',
  balance: 0n,
});
