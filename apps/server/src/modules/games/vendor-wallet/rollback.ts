import type { VendorRollbackRequest } from '@wps/contracts/vendor-wallet';
import type { Transaction } from '../../../db/database';
import * as repository from '../vendor-wallet.repository';
import type { VendorWalletOutcome } from '../vendor-wallet.service';
import { Refusal } from './call-errors';
import { isEventBettingLine, type WalletTransactionRow } from '../vendor-wallet.repository';
import { accountsOf, balanceOf, type MemberAccounts } from './member-accounts';
import type { MemberWorkResult } from './member-transaction';
import { inMemberTransaction } from './member-transaction';
import { payToMember, referencedBet } from './pay-to-member';
import { answerOf, type Echo } from './protocol-answers';
import { repeatStatus, requestHashOf } from './repeated-transactions';
import { recordTurnover } from './round-turnover';
import type { Party, VendorEntry, WalletCallContext } from './wallet-context';
import { findGame, findParty } from './wallet-lookups';

type RollbackContext = Omit<WalletCallContext, 'bets' | 'now' | 'onError'>;

/**
 * transaction/rollback, once per transaction uuid: refunds a bet of a round that paid nothing yet, or, on a
 * sports or e-sports round, takes back a win (a sportsbook resettling a corrected result) from the member's cash.
 */
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
    // A win is taken back only on a product line that bets on events (a result corrected after settlement);
    // elsewhere a rollback undoes bets alone.
    const winRow = referencedBet(reference, party, request.round, 'win');
    if (winRow && isEventBettingLine(winRow.productLine)) {
      if (winRow.isRolledBack)
        return { status: 'RS_OK', balance: await balanceOf(context, party, tx), moved: false };
      return takeBackWin(context, tx, { party, vendor, accounts, request, requestHash, win: winRow });
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

/**
 * A win taken back whole from the member's cash (however it was split when paid): the round's win falls by it
 * and its valid bet is counted again. Cash short of it is refused with RS_ERROR_NOT_ENOUGH_MONEY (the ledger's
 * overdraft check), which is not final: the vendor tries again later, and nothing is taken in part.
 */
const takeBackWin = async (
  context: Pick<RollbackContext, 'ledger' | 'wallet' | 'turnover' | 'bonuses'>,
  tx: Transaction,
  {
    party,
    vendor,
    accounts,
    request,
    requestHash,
    win,
  }: {
    party: Party;
    vendor: VendorEntry;
    accounts: MemberAccounts;
    request: VendorRollbackRequest;
    requestHash: string;
    win: WalletTransactionRow & { roundId: bigint; productLine: string };
  },
): Promise<MemberWorkResult> => {
  await repository.markRolledBack(tx, win.id);
  const round = await repository.updateRoundTotals(tx, win.roundId, {
    winDelta: -win.amount,
    refundDelta: 0n,
    isClosed: request.round_closed,
  });
  let ledgerTransactionId: bigint | null = null;
  if (win.amount > 0n) {
    const posting = await context.ledger.post(
      {
        brandId: party.member.brandId,
        idempotencyKey: `game:${vendor.code}:${request.transaction_uuid}`,
        kind: 'win.rollback',
        legs: [
          { accountId: accounts.cash.id, amount: -win.amount },
          { accountId: accounts.clearing.id, amount: win.amount },
        ],
        reference: `round:${round.id}`,
        productLine: win.productLine,
      },
      { executor: tx },
    );
    ledgerTransactionId = posting.transactionId;
  }
  await repository.insertTransaction(tx, {
    vendorId: vendor.id,
    transactionUuid: request.transaction_uuid,
    kind: 'rollback',
    brandId: party.member.brandId,
    memberId: party.member.id,
    roundId: round.id,
    referenceUuid: request.reference_transaction_uuid,
    amount: win.amount,
    requestHash,
    ledgerTransactionId,
  });
  await recordTurnover(context, tx, party, round);
  return { status: 'RS_OK', balance: await balanceOf(context, party, tx), moved: win.amount > 0n };
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
