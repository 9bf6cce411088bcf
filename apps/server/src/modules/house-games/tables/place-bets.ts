import { formatMinorUnits } from '@wps/contracts/money';
import type { PlaceTableBetsRequest } from '@wps/contracts/tables';
import { AppError } from '../../../http/app-error';
import { openHouseRoundWithBet } from '../../games/house-rounds.service';
import { houseAccountOf, requireTableGame } from './table-catalogue';
import { isSpotOf } from './table-config';
import * as repository from './tables.repository';
import type { TableBetRow } from './tables.repository';
import type { TablesContext } from './tables.service';

export type TableMember = { id: bigint; brandId: bigint };
export type TableBrand = { id: bigint; currency: string };

const limitError = (message: string, field: string) =>
  new AppError('TABLE_BET_LIMIT', { message, issues: [{ field, message }] });

/**
 * The bonus part of the request's stake over its spots: cash covers the first spots, bonus money the rest,
 * so each spot's part is at most its stake and the parts add up to the request's.
 */
const bonusPartsOf = (amounts: readonly bigint[], bonusStaked: bigint): bigint[] => {
  const parts: bigint[] = [];
  let left = bonusStaked;
  for (const amount of [...amounts].reverse()) {
    const part = left < amount ? left : amount;
    parts.unshift(part);
    left -= part;
  }
  return parts;
};

/**
 * A set of spots on the table's current round, in one transaction: through the round's betting gate (the
 * close holds it exclusively, so a bet is either committed before the deal or refused), still betting and
 * before its close by this server's clock (TABLE_BETTING_CLOSED otherwise); the member's own lock on the
 * round, so their limits (per spot: the table's min and max, the member's running total on the spot
 * included; per round: the table's max per member) hold under a burst of their requests; one ledger posting
 * of the whole stake (cash first, then the bonus balance) under `tables:bet:<member>:<requestId>`; one open
 * betting record per request. Sending a request id again answers its bets and moves nothing.
 */
export const placeTableBets = async (
  context: TablesContext,
  member: TableMember,
  brand: TableBrand,
  request: PlaceTableBetsRequest,
): Promise<TableBetRow[]> => {
  const { db, wallet, ledger, bonuses } = context;
  const table = context.tables.find((candidate) => candidate.code === request.tableId);
  if (!table) throw new AppError('NOT_FOUND', { message: 'No such table' });
  const seen = new Set<string>();
  const amounts: bigint[] = [];
  for (const [index, bet] of request.bets.entries()) {
    const field = `bets.${index}`;
    if (!isSpotOf(table.game, bet.spot) || seen.has(bet.spot)) {
      const message = `"${bet.spot}" is not a spot of this table, or is named twice`;
      throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: `${field}.spot`, message }] });
    }
    seen.add(bet.spot);
    amounts.push(await wallet.parseAmount(bet.amount, brand.currency, `${field}.amount`));
  }
  const total = amounts.reduce((sum, amount) => sum + amount, 0n);
  const key = `tables:bet:${member.id}:${request.requestId}`;
  const replay = async (): Promise<TableBetRow[] | null> => {
    const existing = await repository.listRequestBets(db, member.id, request.requestId);
    if (existing.length === 0) return null;
    if (existing[0]?.roundId.toString() !== request.roundId) throw new AppError('IDEMPOTENCY_CONFLICT');
    return existing;
  };
  const houseGame = await requireTableGame(context, db, table.game);
  const cash = await wallet.cashAccount(member, brand.currency);
  const house = await houseAccountOf(context, member.brandId, brand.currency, db);
  const exponent = await ledger.getCurrencyExponent(brand.currency);
  const shown = (amount: bigint) => formatMinorUnits(amount, exponent);

  const placed = await db
    .transaction(async (tx) => {
      if (context.settings.bettingGate) {
        await repository.holdBettingGate(tx, BigInt(request.roundId), { memberId: member.id });
      }
      const view = await repository.bettingView(tx, BigInt(request.roundId), member.id, request.requestId);
      if (
        view?.round.tableCode !== table.code ||
        view.round.status !== 'betting' ||
        context.clock() >= view.round.closesAt.getTime()
      ) {
        throw new AppError('TABLE_BETTING_CLOSED');
      }
      const { round, stakes, placed } = view;
      if (placed) return null;
      let roundTotal = total;
      for (const stake of stakes.values()) roundTotal += stake;
      if (roundTotal > table.maxPerRound) {
        throw limitError(
          `A member stakes at most ${shown(table.maxPerRound)} on one round of this table`,
          'bets',
        );
      }
      for (const [index, bet] of request.bets.entries()) {
        const amount = amounts[index] ?? 0n;
        const onSpot = amount + (stakes.get(bet.spot) ?? 0n);
        if (amount < table.minStake || onSpot > table.maxStake) {
          const message = `A stake on ${bet.spot} is from ${shown(table.minStake)} to ${shown(table.maxStake)} a round`;
          throw limitError(message, `bets.${index}.amount`);
        }
      }
      const owner = { brandId: member.brandId, memberId: member.id, currency: brand.currency };
      const stake = await bonuses.splitStake(tx, owner, cash.id, total);
      const posting = await ledger.post(
        {
          brandId: member.brandId,
          idempotencyKey: key,
          kind: 'bet',
          legs: [...stake.legs, { accountId: house.id, amount: total }],
          reference: `tables:${round.id}`,
          memo: `${table.name} round ${round.number}`,
          productLine: houseGame.productLine,
        },
        { executor: tx },
      );
      if (posting.isReplay) throw new AppError('IDEMPOTENCY_CONFLICT');
      const gameRoundId = await openHouseRoundWithBet(
        tx,
        {
          brandId: member.brandId,
          memberId: member.id,
          game: houseGame,
          roundRef: `tables:${round.id}:${request.requestId}`,
          currency: brand.currency,
          betAmount: total,
          details: {
            game: 'tables',
            tableId: table.code,
            tableRoundId: round.id.toString(),
            roundNumber: round.number,
            serverSeedHash: round.serverSeedHash,
            clientSeed: round.clientSeed,
            nonce: round.nonce,
            shoePosition: round.shoePosition,
            bets: request.bets,
            verifyUrl: `/wps/tables/rounds/${round.id}/verify`,
          },
        },
        { reference: key, amount: total, ledgerTransactionId: posting.transactionId },
      );
      const bonusParts = bonusPartsOf(amounts, stake.bonusStaked);
      return repository.insertBets(
        tx,
        request.bets.map((bet, index) => ({
          roundId: round.id,
          brandId: member.brandId,
          memberId: member.id,
          requestId: request.requestId,
          spot: bet.spot,
          currency: brand.currency,
          amount: amounts[index] ?? 0n,
          bonusStaked: bonusParts[index] ?? 0n,
          gameRoundId,
          betTransactionId: posting.transactionId,
        })),
      );
    })
    .catch(async (error: unknown) => {
      // The same request racing itself: the second finds the first's bets.
      if (error instanceof AppError && error.code === 'IDEMPOTENCY_CONFLICT') {
        const existing = await replay();
        if (existing) return existing;
      }
      throw error;
    });
  wallet.notifyBalance(member.id);
  context.changed(table.code, 'totals');
  return placed ?? (await replay()) ?? [];
};
