import type { Transaction } from '../../../db/database';
import * as repository from '../vendor-wallet.repository';
import type { WalletRoundRow, WalletTransactionRow } from '../vendor-wallet.repository';
import { balanceOf, bonusOwnerOf, type MemberAccounts, withBonus } from './member-accounts';
import type { MemberWorkResult } from './member-transaction';
import { recordTurnover } from './round-turnover';
import type { Party, VendorEntry, WalletCallContext } from './wallet-context';

export type PaymentToMember = {
  party: Party;
  vendor: VendorEntry;
  accounts: MemberAccounts;
  round: WalletRoundRow;
  amount: bigint;
  requestHash: string;
  productLine: string;
  ledgerKind: 'win' | 'bet.rollback';
  kind: 'win' | 'rollback';
  /**
   * What was staked with bonus money against what was staked: the round's for a win, the bet's own for its
   * refund (so a refund returns exactly its split).
   */
  share: { stake: bigint; bonusStaked: bigint };
  transactionUuid: string;
  referenceUuid: string;
};

/**
 * The referenced call of a win or rollback, when it is this member's call of `kind` (a bet, or a win that a
 * rollback takes back) in this round.
 */
export const referencedBet = (
  reference: WalletTransactionRow | undefined,
  party: Party,
  roundRef: string,
  kind: 'bet' | 'win' = 'bet',
): (WalletTransactionRow & { roundId: bigint; productLine: string }) | undefined => {
  const { roundId, productLine } = reference ?? {};
  if (reference?.kind !== kind || roundId === undefined || roundId === null) return undefined;
  if (productLine === undefined || productLine === null) return undefined;
  if (reference.memberId !== party.member.id || reference.roundRef !== roundRef) return undefined;
  // Wins and refunds count in the product line their round's bets did, for profit and loss by product.
  return { ...reference, roundId, productLine };
};

/**
 * A win or a refund: vendor clearing → member cash, the share staked with bonus money back to the bonus
 * balance (nothing moves for 0), the call's row, and the round's turnover when it settled; the answer carries
 * the member's balance after it.
 */
export const payToMember = async (
  context: Pick<WalletCallContext, 'ledger' | 'wallet' | 'turnover' | 'bonuses'>,
  tx: Transaction,
  payment: PaymentToMember,
): Promise<MemberWorkResult> => {
  const { party, accounts, round, amount } = payment;
  let ledgerTransactionId: bigint | null = null;
  let balance: bigint | undefined;
  if (amount > 0n) {
    const memberLegs =
      payment.share.bonusStaked > 0n
        ? await context.bonuses.splitWin(tx, bonusOwnerOf(party), accounts.cash.id, {
            ...payment.share,
            win: amount,
          })
        : [{ accountId: accounts.cash.id, amount }];
    const posting = await context.ledger.post(
      {
        brandId: party.member.brandId,
        idempotencyKey: `game:${payment.vendor.code}:${payment.transactionUuid}`,
        kind: payment.ledgerKind,
        legs: [{ accountId: accounts.clearing.id, amount: -amount }, ...memberLegs],
        reference: `round:${round.id}`,
        productLine: payment.productLine,
      },
      { executor: tx },
    );
    ledgerTransactionId = posting.transactionId;
    balance =
      posting.entries.find((entry) => entry.accountId === accounts.cash.id)?.balanceAfter ?? undefined;
  }
  await repository.insertTransaction(tx, {
    vendorId: payment.vendor.id,
    transactionUuid: payment.transactionUuid,
    kind: payment.kind,
    brandId: party.member.brandId,
    memberId: party.member.id,
    roundId: round.id,
    referenceUuid: payment.referenceUuid,
    amount,
    requestHash: payment.requestHash,
    ledgerTransactionId,
  });
  await recordTurnover(context, tx, party, round);
  return {
    status: 'RS_OK',
    balance:
      balance === undefined
        ? await balanceOf(context, party, tx)
        : await withBonus(context, party, balance, tx),
    moved: amount > 0n,
  };
};
