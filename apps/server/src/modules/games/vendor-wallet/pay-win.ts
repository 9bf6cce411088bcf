import type { VendorWalletStatus, VendorWinRequest } from '@wps/contracts/vendor-wallet';
import * as repository from '../vendor-wallet.repository';
import type { VendorWalletOutcome } from '../vendor-wallet.service';
import { Refusal } from './call-errors';
import { accountsOf, amountIn, balanceOf } from './member-accounts';
import { inMemberTransaction } from './member-transaction';
import { payToMember, referencedBet } from './pay-to-member';
import { answerOf, type Echo } from './protocol-answers';
import { repeatStatus, requestHashOf } from './repeated-transactions';
import type { VendorEntry, WalletCallContext } from './wallet-context';
import { findGame, findParty } from './wallet-lookups';

type PayWinContext = Omit<WalletCallContext, 'bets' | 'now' | 'onError'>;

/** transaction/win: pays a win of a round this member bet in, once per transaction uuid. */
export const payWin = async (
  context: PayWinContext,
  vendor: VendorEntry,
  request: VendorWinRequest,
  echo: Echo,
): Promise<VendorWalletOutcome> => {
  const party = await findParty(context, request.user);
  if (!party) return { answer: answerOf('RS_ERROR_INVALID_TOKEN', echo, undefined, 0n, request.currency) };
  const refuse = async (status: VendorWalletStatus): Promise<VendorWalletOutcome> => ({
    answer: answerOf(status, echo, party, await balanceOf(context, party)),
  });
  // No token check and no disabled check: a win pays for a bet already taken (Hub88: token validity is not
  // checked on wins and rollbacks; a blocked player still receives what they won).
  const game = await findGame(context, vendor, request.game_code);
  if (!game) return refuse('RS_ERROR_INVALID_GAME');
  if (request.currency !== party.currency) return refuse('RS_ERROR_WRONG_CURRENCY');
  let amount: bigint;
  try {
    amount = amountIn(request.amount, party);
  } catch (error) {
    if (error instanceof Refusal) return refuse(error.status);
    throw error;
  }
  const accounts = await accountsOf(context, party, vendor);
  const requestHash = requestHashOf([
    'win',
    request.user,
    request.amount,
    request.currency,
    request.round,
    request.game_code,
    request.reference_transaction_uuid,
  ]);

  return inMemberTransaction(context, party, echo, async (tx) => {
    const existing = await repository.findTransaction(tx, vendor.id, request.transaction_uuid);
    if (existing) {
      return {
        status: repeatStatus(existing, 'win', requestHash),
        balance: await balanceOf(context, party, tx),
        moved: false,
      };
    }
    const reference = await repository.findTransaction(tx, vendor.id, request.reference_transaction_uuid);
    if (reference?.kind === 'tombstone') throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK');
    const betRow = referencedBet(reference, party, request.round);
    if (!betRow) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    if (betRow.isRolledBack) throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK');
    const round = await repository.updateRoundTotals(tx, betRow.roundId, {
      winDelta: amount,
      refundDelta: 0n,
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
      share: { stake: round.betAmount, bonusStaked: round.bonusStaked },
      ledgerKind: 'win',
      kind: 'win',
      transactionUuid: request.transaction_uuid,
      referenceUuid: request.reference_transaction_uuid,
    });
  });
};
