import type { VendorWalletStatus } from '@wps/contracts/vendor-wallet';
import type { Transaction } from '../../../db/database';
import * as repository from '../vendor-wallet.repository';
import type { VendorWalletOutcome } from '../vendor-wallet.service';
import { isInsufficientFunds, isUuidRace, playRefusalStatusOf, Refusal, UuidTaken } from './call-errors';
import { balanceOf } from './member-accounts';
import { answerOf, type Echo } from './protocol-answers';
import type { Party, WalletCallContext } from './wallet-context';

/** Retries of a call that lost a race for a transaction uuid to another member's call. */
const maxAttempts = 3;

/** What a call's work inside the member's transaction answers. */
export type MemberWorkResult = { status: VendorWalletStatus; balance: bigint; moved: boolean };

export type MemberTransactionOptions = {
  locksItself?: boolean;
  onUuidTaken?: () => Promise<VendorWalletOutcome>;
  onInsufficientFunds?: () => Promise<VendorWalletOutcome>;
};

/**
 * Runs `work` in a transaction that first takes the member's advisory lock (or whose first statement takes
 * it, `locksItself`). A refusal inside rolls everything back and becomes the answer, as do the ledger's
 * overdraft check and player protection's rule. A uuid that turns out to be taken (the unique index, or the
 * ledger's key) rolls back too: `onUuidTaken` answers then, else the call runs again and sees the winner's row.
 */
export const inMemberTransaction = async (
  context: Pick<WalletCallContext, 'db' | 'wallet' | 'bonuses'>,
  party: Party,
  echo: Echo,
  work: (tx: Transaction) => Promise<MemberWorkResult>,
  options: MemberTransactionOptions = {},
): Promise<VendorWalletOutcome> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await context.db.transaction(async (tx) => {
        if (!options.locksItself) await repository.lockMember(tx, party.member.id);
        return work(tx);
      });
      return {
        answer: answerOf(result.status, echo, party, result.balance),
        ...(result.moved ? { changedMemberId: party.member.id } : {}),
      };
    } catch (error) {
      if (error instanceof Refusal) {
        return { answer: answerOf(error.status, echo, party, await balanceOf(context, party)) };
      }
      const refused = playRefusalStatusOf(error);
      if (refused) {
        // Refused by player protection (a limit, an exclusion) on the ledger's entries: nothing was written.
        return { answer: answerOf(refused, echo, party, await balanceOf(context, party)) };
      }
      if (isInsufficientFunds(error)) {
        // Refused by the ledger's overdraft check on the locked balance row: nothing was written.
        if (options.onInsufficientFunds) return options.onInsufficientFunds();
        return {
          answer: answerOf('RS_ERROR_NOT_ENOUGH_MONEY', echo, party, await balanceOf(context, party)),
        };
      }
      if (error instanceof UuidTaken || isUuidRace(error)) {
        if (options.onUuidTaken) return options.onUuidTaken();
        if (attempt < maxAttempts) continue;
      }
      throw error;
    }
  }
};
