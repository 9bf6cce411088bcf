import type { BettingRecordQuery, BettingRound } from '@wps/contracts/games';
import type { z } from 'zod';
import type { bettingRoundDetailResponseSchema } from '@wps/contracts/games';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { RecordsService } from '../wallet/records.service';
import type { WalletService } from '../wallet/wallet.service';
import * as repository from './rounds.repository';

export type RoundOwner = { id: bigint; brandId: bigint };
/** The brand whose currency the rounds are in and whose clock days follow when the member gives none. */
export type RoundsBrand = Parameters<RecordsService['resolveRange']>[0];
export type BettingRoundDetail = z.output<typeof bettingRoundDetailResponseSchema>['value'];

const statusFilterOf = { ALL: null, OPEN: 'open', SETTLED: 'settled' } as const;

/** Round ids travel as decimal strings; anything else (or beyond int8) names no round. */
const parseRoundId = (value: string): bigint | null =>
  /^[1-9][0-9]{0,18}$/.test(value) && BigInt(value) <= 9_223_372_036_854_775_807n ? BigInt(value) : null;

type RoundTransactionRow = Awaited<ReturnType<typeof repository.listRoundTransactions>>[number];
/** Bets, wins and rollbacks; a tombstone (a rollback that came before its bet) moved no money. */
const isMoneyCall = (
  transaction: RoundTransactionRow,
): transaction is RoundTransactionRow & { kind: 'bet' | 'win' | 'rollback' } =>
  transaction.kind !== 'tombstone';

export type RoundsServiceDependencies = { db: Database; wallet: WalletService; records: RecordsService };

const toBettingRound = async (wallet: WalletService, row: repository.RoundRow): Promise<BettingRound> => {
  const { currency } = row;
  const [betAmount, validBet, winAmount, refundedAmount, profit] = await Promise.all([
    wallet.formatAmount(row.betAmount, currency),
    wallet.formatAmount(row.validBet, currency),
    wallet.formatAmount(row.winAmount, currency),
    wallet.formatAmount(row.refundedAmount, currency),
    wallet.formatAmount(row.winAmount + row.refundedAmount - row.betAmount, currency),
  ]);
  return {
    roundId: row.id.toString(),
    roundRef: row.roundRef,
    vassalage: row.vendorCode,
    vendorName: row.vendorName,
    gameCode: row.gameCode,
    gameName: row.gameName,
    productLine: row.productLine,
    status: row.status === 'open' ? 'OPEN' : 'SETTLED',
    betAmount,
    validBet,
    winAmount,
    refundedAmount,
    profit,
    currency,
    openedAt: row.openedAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
};

/** The member's rounds in their days, filtered and paged, with totals over the whole filter. */
const listBettingRounds = async (
  { db, wallet, records }: RoundsServiceDependencies,
  member: RoundOwner,
  brand: RoundsBrand,
  query: BettingRecordQuery,
) => {
  const range = await records.resolveRange(brand, query);
  const filter: repository.RoundFilter = {
    ...range,
    memberId: member.id,
    currency: brand.currency,
    productLine: query.productLine === 'ALL' ? null : query.productLine,
    status: statusFilterOf[query.status],
  };
  const [summary, rows] = await Promise.all([
    repository.summariseRounds(db, filter),
    repository.listRounds(db, filter, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
  ]);
  const [list, betAmount, validBet, winAmount, profit] = await Promise.all([
    Promise.all(rows.map((row) => toBettingRound(wallet, row))),
    wallet.formatAmount(summary.bet, brand.currency),
    wallet.formatAmount(summary.validBet, brand.currency),
    wallet.formatAmount(summary.win, brand.currency),
    wallet.formatAmount(summary.win + summary.refunded - summary.bet, brand.currency),
  ]);
  return {
    list,
    page: query.page,
    totalPages: Math.ceil(summary.count / query.pageSize),
    total: summary.count,
    summary: { betAmount, validBet, winAmount, profit },
  };
};

/** One of the member's rounds; someone else's round, or no round, is NOT_FOUND alike. */
const describeBettingRound = async (
  { db, wallet }: Pick<RoundsServiceDependencies, 'db' | 'wallet'>,
  member: RoundOwner,
  roundId: string,
): Promise<BettingRoundDetail> => {
  const id = parseRoundId(roundId);
  const row = id === null ? undefined : await repository.findMemberRound(db, member.id, id);
  if (row === undefined) throw new AppError('NOT_FOUND');
  const [round, transactions] = await Promise.all([
    toBettingRound(wallet, row),
    repository.listRoundTransactions(db, row.id),
  ]);
  return {
    round,
    transactions: await Promise.all(
      transactions.filter(isMoneyCall).map(async (transaction) => ({
        kind: transaction.kind,
        transactionUuid: transaction.transactionUuid,
        referenceUuid: transaction.referenceUuid,
        amount: await wallet.formatAmount(transaction.amount, row.currency),
        isRolledBack: transaction.isRolledBack,
        createdAt: transaction.createdAt.toISOString(),
      })),
    ),
    details: row.details ?? null,
  };
};

/**
 * The betting record (personalHistoryCopy): a member's game rounds with their bets, valid bets (turnover),
 * wins and results, filtered by product line, status and the member's days, newest first, with totals over
 * the whole filter; and one round with the vendor calls that made it. Amounts in the brand's currency.
 */
export const createRoundsService = (deps: RoundsServiceDependencies) => ({
  list: (member: RoundOwner, brand: RoundsBrand, query: BettingRecordQuery) =>
    listBettingRounds(deps, member, brand, query),
  detail: (member: RoundOwner, roundId: string) => describeBettingRound(deps, member, roundId),
});

export type RoundsService = ReturnType<typeof createRoundsService>;
