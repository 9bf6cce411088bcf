import type { Executor } from '../../../db/database';
import type { HouseRoundCall } from '../../games/house-rounds.service';
import type { LedgerLeg, PostingRequest } from '../../wallet/ledger.service';
import type { JackpotRow } from '../jackpot.repository';
import type { JackpotKey } from '../jackpot.service';
import type { SlotMember, SlotServiceDependencies } from './slot-context';

/** What one spin moves: the stake (less the jackpot's share), the line win, and a jackpot win if drawn. */
export type SpinPayments = {
  member: SlotMember;
  currency: string;
  roundId: bigint;
  productLine: string;
  stake: bigint;
  /** The stake's share that goes to the jackpot pool. */
  contribution: bigint;
  win: bigint;
  jackpotKey: JackpotKey;
  /** The jackpot won (pool and this spin's share), the row the win queued on, and the house's reseed. */
  jackpot: { row: JackpotRow; win: bigint; seed: bigint } | null;
};

type SpinAccounts = { house: bigint; pool: bigint };

type Movement = 'bet' | 'win' | 'jackpot';

const keyOf = ({ roundId }: Pick<SpinPayments, 'roundId'>, movement: Movement) =>
  `house-slot:${roundId}:${movement}`;

const postingOf = (
  payments: SpinPayments,
  movement: Movement,
  kind: string,
  legs: LedgerLeg[],
): PostingRequest => ({
  brandId: payments.member.brandId,
  idempotencyKey: keyOf(payments, movement),
  kind,
  productLine: payments.productLine,
  reference: `round:${payments.roundId}`,
  // Bet, win and jackpot lock the same house and pool shards, so rounds cannot deadlock on them.
  shardKey: `house-slot:${payments.roundId}`,
  legs,
});

/** `memberLegs`: the stake from the member's cash, and from their bonus balance what the cash does not cover. */
const betPosting = (
  payments: SpinPayments,
  accounts: SpinAccounts,
  memberLegs: LedgerLeg[],
): PostingRequest => {
  const { stake, contribution } = payments;
  return postingOf(payments, 'bet', 'bet', [
    ...memberLegs,
    { accountId: accounts.house, amount: stake - contribution },
    ...(contribution > 0n ? [{ accountId: accounts.pool, amount: contribution }] : []),
  ]);
};

/** `memberLegs`: the win to cash, less the share staked with bonus money (back to the bonus balance). */
const winPosting = (
  payments: SpinPayments,
  accounts: SpinAccounts,
  memberLegs: LedgerLeg[],
): PostingRequest =>
  postingOf(payments, 'win', 'win', [{ accountId: accounts.house, amount: -payments.win }, ...memberLegs]);

/** The pool goes to the winner and the house puts the seed back: pool − win + seed, in one posting. */
const jackpotPosting = (
  payments: SpinPayments,
  jackpot: { win: bigint; seed: bigint },
  accounts: SpinAccounts,
  memberLegs: LedgerLeg[],
): PostingRequest => {
  const poolChange = jackpot.seed - jackpot.win;
  return postingOf(payments, 'jackpot', 'win.jackpot', [
    ...memberLegs,
    { accountId: accounts.house, amount: -jackpot.seed },
    ...(poolChange === 0n ? [] : [{ accountId: accounts.pool, amount: poolChange }]),
  ]);
};

/**
 * Posts the spin's bet, its win and a jackpot win (recording it on the jackpot row) inside the spin's
 * transaction, under `house-slot:<roundId>:bet|win|jackpot`; answers the round's calls in that order. The
 * member's side goes through the bonus engine: the stake takes cash first, then bonus money (a stake above an
 * active bonus's maximum is refused, BONUS_MAX_STAKE, and the spin's transaction with it); each win returns
 * the share staked with bonus money to the bonus balance.
 */
export const postSpinPayments = async (
  {
    ledger,
    wallet,
    bonuses,
    jackpots,
  }: Pick<SlotServiceDependencies, 'ledger' | 'wallet' | 'bonuses' | 'jackpots'>,
  tx: Executor,
  payments: SpinPayments,
): Promise<HouseRoundCall[]> => {
  const { member, currency, roundId, stake, jackpot } = payments;
  const [cash, house, pool] = await Promise.all([
    wallet.cashAccount(member, currency, tx),
    ledger.ensureSystemAccount(member.brandId, 'house', currency, '', { executor: tx }),
    jackpots.poolAccount(payments.jackpotKey, tx),
  ]);
  const accounts: SpinAccounts = { house: house.id, pool: pool.id };
  const owner = { brandId: member.brandId, memberId: member.id, currency };
  const { legs, bonusStaked } = await bonuses.splitStake(tx, owner, cash.id, stake);
  const winLegs = (win: bigint) => bonuses.splitWin(tx, owner, cash.id, { stake, bonusStaked, win });
  const calls: HouseRoundCall[] = [];
  const bet = await ledger.post(betPosting(payments, accounts, legs), { executor: tx });
  calls.push({
    kind: 'bet',
    reference: keyOf(payments, 'bet'),
    amount: payments.stake,
    ledgerTransactionId: bet.transactionId,
  });
  if (payments.win > 0n) {
    const paid = await ledger.post(winPosting(payments, accounts, await winLegs(payments.win)), {
      executor: tx,
    });
    calls.push({
      kind: 'win',
      reference: keyOf(payments, 'win'),
      amount: payments.win,
      ledgerTransactionId: paid.transactionId,
    });
  }
  if (jackpot) {
    const memberLegs = await winLegs(jackpot.win);
    const paid = await ledger.post(jackpotPosting(payments, jackpot, accounts, memberLegs), { executor: tx });
    calls.push({
      kind: 'win',
      reference: keyOf(payments, 'jackpot'),
      amount: jackpot.win,
      ledgerTransactionId: paid.transactionId,
    });
    await jackpots.recordWin(tx, jackpot.row, { amount: jackpot.win, roundId });
  }
  return calls;
};
