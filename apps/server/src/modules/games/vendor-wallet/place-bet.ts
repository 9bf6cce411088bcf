import { categoryOf } from '@wps/contracts/games';
import type { VendorBetRequest, VendorWalletStatus } from '@wps/contracts/vendor-wallet';
import type { Transaction } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { hashSessionToken } from '../../../lib/session-token';
import type { BatchedBet } from '../vendor-wallet.bet-batch';
import * as repository from '../vendor-wallet.repository';
import type { VendorWalletOutcome } from '../vendor-wallet.service';
import { isInsufficientFunds, isUuidRace, playRefusalStatusOf, Refusal, UuidTaken } from './call-errors';
import {
  accountsOf,
  amountIn,
  balanceOf,
  bonusOwnerOf,
  type MemberAccounts,
  withBonus,
} from './member-accounts';
import { inMemberTransaction } from './member-transaction';
import { answerOf, type Echo } from './protocol-answers';
import { repeatStatus, requestHashOf } from './repeated-transactions';
import { recordTurnover } from './round-turnover';
import type { GameEntry, Party, VendorEntry, WalletCallContext } from './wallet-context';
import { findGame, findParty, findSession } from './wallet-lookups';

type PlaceBetContext = Omit<WalletCallContext, 'onError'>;

/**
 * transaction/bet: takes a stake from the member's cash into the vendor's clearing account, once per
 * transaction uuid, after the launch session, the member, the game and the currency check out.
 */
export const placeBet = async (
  context: PlaceBetContext,
  vendor: VendorEntry,
  request: VendorBetRequest,
  echo: Echo,
): Promise<VendorWalletOutcome> => {
  const [party, session] = await Promise.all([
    findParty(context, request.user),
    findSession(context, hashSessionToken(request.token)),
  ]);
  if (!party) return { answer: answerOf('RS_ERROR_INVALID_TOKEN', echo, undefined, 0n, request.currency) };
  const refuse = async (status: VendorWalletStatus): Promise<VendorWalletOutcome> => ({
    answer: answerOf(status, echo, party, await balanceOf(context, party)),
  });
  if (!session || session.memberId !== party.member.id || session.vendorId !== vendor.id) {
    return refuse('RS_ERROR_INVALID_TOKEN');
  }
  if (session.expiresAt <= context.now()) return refuse('RS_ERROR_TOKEN_EXPIRED');
  // A time-out or a self-exclusion kills every launch token: seen within the member cache's 2 s.
  if (party.member.status !== 'active' || party.member.isExcluded) return refuse('RS_ERROR_USER_DISABLED');
  const game = await findGame(context, vendor, request.game_code);
  if (!game?.isEnabled) return refuse('RS_ERROR_INVALID_GAME');
  if (request.currency !== party.currency) return refuse('RS_ERROR_WRONG_CURRENCY');
  if (request.is_free === true && request.amount !== 0n) return refuse('RS_ERROR_WRONG_TYPES');
  let amount: bigint;
  try {
    amount = amountIn(request.amount, party);
  } catch (error) {
    if (error instanceof Refusal) return refuse(error.status);
    throw error;
  }
  const bet = betToWrite(vendor, party, game, request, amount, await accountsOf(context, party, vendor));

  // The common case, a stake on a round that stays open: one statement (see insertBetWithPosting), committed
  // with the other bets being written at the time (vendor-wallet.bet-batch.ts). A uuid or ledger key already
  // taken, or not enough money, fails it whole. Written out here, not in a function of its own: it is the
  // platform's busiest call, so it gets no layer more than it needs.
  if (amount > 0n && !request.round_closed) {
    try {
      const placed = await context.bets.place(bet);
      // The bonus balance comes from the bet's own statement: no bonus, or one cash covers, costs nothing more.
      const balance =
        placed.balance === null ? await balanceOf(context, party) : placed.balance + placed.bonusBalance;
      return { answer: answerOf('RS_OK', echo, party, balance), changedMemberId: party.member.id };
    } catch (error) {
      // Player protection refused it (in a batch, the batch was written again bet by bet: only this one failed).
      const refused = playRefusalStatusOf(error);
      if (refused) return refuse(refused);
      if (isInsufficientFunds(error)) {
        // Cash alone does not cover it: with an active bonus the stake takes bonus money for the rest.
        if (await context.bonuses.findActive(bonusOwnerOf(party))) {
          return placeBetInTransaction(context, vendor, party, echo, bet);
        }
        return answerRepeatedBet(context, vendor, party, echo, bet.call, 'RS_ERROR_NOT_ENOUGH_MONEY');
      }
      if (isUuidRace(error)) return answerRepeatedBet(context, vendor, party, echo, bet.call, undefined);
      throw error;
    }
  }
  return placeBetInTransaction(context, vendor, party, echo, bet);
};

/** What a bet writes: its ledger posting, its round and its game transaction row. */
const betToWrite = (
  vendor: VendorEntry,
  party: Party,
  game: GameEntry,
  request: VendorBetRequest,
  amount: bigint,
  accounts: MemberAccounts,
): BatchedBet => {
  const requestHash = requestHashOf([
    'bet',
    request.user,
    request.amount,
    request.currency,
    request.round,
    request.game_code,
    null,
  ]);
  const productLine = categoryOf(game.gameType, vendor.code);
  return {
    posting: {
      brandId: party.member.brandId,
      idempotencyKey: `game:${vendor.code}:${request.transaction_uuid}`,
      kind: 'bet',
      legs: [
        { accountId: accounts.cash.id, amount: -amount },
        { accountId: accounts.clearing.id, amount },
      ],
      productLine,
    },
    round: {
      brandId: party.member.brandId,
      memberId: party.member.id,
      vendorId: vendor.id,
      gameId: game.id,
      roundRef: request.round,
      productLine,
      currency: party.currency,
      amount,
      isClosed: request.round_closed,
      description: request.bet ?? null,
    },
    call: {
      transactionUuid: request.transaction_uuid,
      requestHash,
      cashAccountId: accounts.cash.id,
      bonusAccountId: accounts.bonus.id,
    },
  };
};

/**
 * The stake's legs: the member's cash first, then bonus money while a bonus is active (a stake above its
 * maximum is refused with the protocol's limit status), and the vendor's clearing account.
 */
const stakeLegs = async (
  context: Pick<WalletCallContext, 'bonuses'>,
  tx: Transaction,
  party: Party,
  bet: BatchedBet,
) => {
  try {
    const split = await context.bonuses.splitStake(
      tx,
      bonusOwnerOf(party),
      bet.call.cashAccountId,
      bet.round.amount,
    );
    const others = bet.posting.legs.filter((leg) => leg.accountId !== bet.call.cashAccountId);
    return { legs: [...split.legs, ...others], bonusStaked: split.bonusStaked };
  } catch (error) {
    if (error instanceof AppError && error.code === 'BONUS_MAX_STAKE')
      throw new Refusal('RS_ERROR_LIMIT_REACHED');
    throw error;
  }
};

/**
 * A bet that closes its round (turnover counts then), stakes nothing, or needs bonus money, in a transaction:
 * lock + round, the stake's split, ledger posting, game transaction, turnover. A uuid already taken is found by
 * the game transaction (or by the ledger's key), which rolls everything back.
 */
const placeBetInTransaction = (
  context: Pick<WalletCallContext, 'db' | 'ledger' | 'wallet' | 'turnover' | 'bonuses'>,
  vendor: VendorEntry,
  party: Party,
  echo: Echo,
  bet: BatchedBet,
): Promise<VendorWalletOutcome> =>
  inMemberTransaction(
    context,
    party,
    echo,
    async (tx) => {
      const { amount } = bet.round;
      const round = await repository.lockMemberAndAddBet(tx, bet.round);
      let ledgerTransactionId: bigint | null = null;
      let balance: bigint | undefined;
      let bonusStaked = 0n;
      if (amount > 0n) {
        const stake = await stakeLegs(context, tx, party, bet);
        bonusStaked = stake.bonusStaked;
        if (bonusStaked > 0n) await repository.addBonusStaked(tx, round.id, bonusStaked);
        // Not enough money: the ledger's overdraft check refuses the posting and the round rolls back with it.
        const posting = await context.ledger.post(
          { ...bet.posting, legs: stake.legs, reference: `round:${round.id}` },
          { executor: tx },
        );
        // The same bet again: the ledger answered its original posting; the repeat is answered below.
        if (posting.isReplay) throw new UuidTaken();
        ledgerTransactionId = posting.transactionId;
        balance =
          posting.entries.find((entry) => entry.accountId === bet.call.cashAccountId)?.balanceAfter ??
          undefined;
      }
      const isNew = await repository.insertTransactionIfNew(tx, {
        vendorId: vendor.id,
        transactionUuid: bet.call.transactionUuid,
        kind: 'bet',
        brandId: party.member.brandId,
        memberId: party.member.id,
        roundId: round.id,
        referenceUuid: null,
        amount,
        requestHash: bet.call.requestHash,
        ledgerTransactionId,
        bonusAmount: bonusStaked,
      });
      if (!isNew) throw new UuidTaken();
      await recordTurnover(context, tx, party, round);
      return {
        status: 'RS_OK',
        balance:
          balance === undefined
            ? await balanceOf(context, party, tx)
            : await withBonus(context, party, balance, tx),
        moved: amount > 0n,
      };
    },
    {
      locksItself: true,
      onUuidTaken: () => answerRepeatedBet(context, vendor, party, echo, bet.call, undefined),
      onInsufficientFunds: () =>
        answerRepeatedBet(context, vendor, party, echo, bet.call, 'RS_ERROR_NOT_ENOUGH_MONEY'),
    },
  );

/**
 * A uuid seen before (a repeat, a tombstone, another member's): answered from its row, under the lock.
 * Not enough money for a uuid seen before is still that uuid's answer (a late bet after its rollback is
 * rolled back, whatever the balance), so the refusal (`otherwise`) comes only when the uuid is not there.
 */
const answerRepeatedBet = (
  context: Pick<WalletCallContext, 'db' | 'wallet' | 'bonuses'>,
  vendor: VendorEntry,
  party: Party,
  echo: Echo,
  call: repository.BetCall,
  otherwise: VendorWalletStatus | undefined,
): Promise<VendorWalletOutcome> =>
  inMemberTransaction(context, party, echo, async (tx) => {
    const existing = await repository.findTransaction(tx, vendor.id, call.transactionUuid);
    if (!existing && otherwise) throw new Refusal(otherwise);
    if (!existing) throw new Error(`transaction ${call.transactionUuid} was taken but is not there`);
    return {
      status: repeatStatus(existing, 'bet', call.requestHash),
      balance: await balanceOf(context, party, tx),
      moved: false,
    };
  });
