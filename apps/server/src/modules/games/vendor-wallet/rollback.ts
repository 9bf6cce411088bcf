import type { VendorRollbackRequest } from '@wps/contracts/vendor-wallet';
import type { Transaction } from '../../../db/database';
import * as repository from '../vendor-wallet.repository';
import type { VendorWalletOutcome } from '../vendor-wallet.service';
import { Refusal } from './call-errors';
import { accountsOf, balanceOf } from './member-accounts';
import { inMemberTransaction } from './member-transaction';
import { payToMember, referencedBet } from './pay-to-member';
import { answerOf, type Echo } from './protocol-answers';
import { repeatStatus, requestHashOf } from './repeated-transactions';
import type { Party, VendorEntry, WalletCallContext } from './wallet-context';
import { findGame, findParty } from './wallet-lookups';

type RollbackContext = Omit<WalletCallContext, 'bets' | 'now' | 'onError'>;

/** transaction/rollback: refunds a bet of a round that paid nothing yet, once per transaction uuid. */
export const rollbackBet = async (
  context: RollbackContext,
  vendor: VendorEntry,
  request: VendorRollbackRequest,
  echo: Echo,
): Promise<VendorWalletOutcome> => {
  const party = await findParty(context, request.user);
  if (!party) return { answer: answerOf('RS_ERROR_INVALID_TOKEN', echo, undefined, 0n) };
  if (request.game_code !== undefined && request.game_code !== null) {
    if (!(await findGame(context, vendor, request.game_code))) {
      return { answer: answerOf('RS_ERROR_INVALID_GAME', echo, party, await balanceOf(context, party)) };
    }
  }
  const accounts = await accountsOf(context, party, vendor);
  const requestHash = requestHashOf([
    'rollback',
    request.user,
    null,
    null,
    request.round,
    request.game_code,
    request.reference_transaction_uuid,
  ]);

  return inMemberTransaction(context, party, echo, async (tx) => {
    const existing = await repository.findTransaction(tx, vendor.id, request.transaction_uuid);
    if (existing) {
      return {
        status: repeatStatus(existing, 'rollback', requestHash),
        balance: await balanceOf(context, party, tx),
        moved: false,
      };
    }
    const reference = await repository.findTransaction(tx, vendor.id, request.reference_transaction_uuid);
    if (!reference) {
      await keepTombstone(tx, vendor, party, request, requestHash);
      return {
        status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
        balance: await balanceOf(context, party, tx),
        moved: false,
      };
    }
    const betRow = referencedBet(reference, party, request.round);
    if (!betRow) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    // Already refunded by another rollback: nothing more to give back (rollback is idempotent).
    if (betRow.isRolledBack)
      return { status: 'RS_OK', balance: await balanceOf(context, party, tx), moved: false };
    // The round was paid: undoing its stake now would pay the player twice (see the guide for the status).
    if (await repository.roundHasWin(tx, betRow.roundId)) throw new Refusal('RS_ERROR_UNKNOWN');
    const amount = betRow.amount;
    await repository.markRolledBack(tx, betRow.id);
    const round = await repository.updateRoundTotals(tx, betRow.roundId, {
      winDelta: 0n,
      refundDelta: amount,
      isClosed: request.round_closed,
    });
    return payToMember(context, tx, {
      party,
      vendor,
      accounts,
      round,
      amount,
      requestHash,
      productLine: betRow.productLine,
      share: { stake: betRow.amount, bonusStaked: betRow.bonusAmount },
      ledgerKind: 'bet.rollback',
      kind: 'rollback',
      transactionUuid: request.transaction_uuid,
      referenceUuid: request.reference_transaction_uuid,
    });
  });
};

/** The rolled-back bet was never seen: it may still be on its way. Keep its uuid, so that it is refused when it comes. */
const keepTombstone = (
  tx: Transaction,
  vendor: VendorEntry,
  party: Party,
  request: VendorRollbackRequest,
  requestHash: string,
): Promise<void> =>
  repository.insertTransaction(tx, {
    vendorId: vendor.id,
    transactionUuid: request.reference_transaction_uuid,
    kind: 'tombstone',
    brandId: party.member.brandId,
    memberId: party.member.id,
    roundId: null,
    referenceUuid: request.transaction_uuid,
    amount: 0n,
    requestHash,
    ledgerTransactionId: null,
  });
