import { formatMinorUnits } from '@wps/contracts/money';
import type { PlaceTableBetsRequest } from '@wps/contracts/tables';
import { AppError } from '../../../http/app-error';
import {
  type HouseGame,
  openHouseRoundsWithBets,
  openHouseRoundWithBet,
} from '../../games/house-rounds.service';
import type { LedgerLeg, PostingRequest } from '../../wallet/ledger.service';
import { houseAccountOf, requireTableGame } from './table-catalogue';
import { isSpotOf, type TableDefinition } from './table-config';
import * as repository from './tables.repository';
import type { BettingRound, TableBetRow } from './tables.repository';
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

/** A request checked against what needs no lock (its table, spots and amounts), with what placing it uses. */
export type PreparedRequest = {
  member: TableMember;
  brand: TableBrand;
  request: PlaceTableBetsRequest;
  table: TableDefinition;
  amounts: bigint[];
  total: bigint;
  key: string;
  houseGame: HouseGame;
  cashAccountId: bigint;
  houseAccountId: bigint;
  shown: (amount: bigint) => string;
};

const prepareRequest = async (
  context: TablesContext,
  member: TableMember,
  brand: TableBrand,
  request: PlaceTableBetsRequest,
): Promise<PreparedRequest> => {
  const { db, wallet, ledger } = context;
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
  const houseGame = await requireTableGame(context, db, table.game);
  const cash = await wallet.cashAccount(member, brand.currency);
  const house = await houseAccountOf(context, member.brandId, brand.currency, db);
  const exponent = await ledger.getCurrencyExponent(brand.currency);
  return {
    member,
    brand,
    request,
    table,
    amounts,
    total: amounts.reduce((sum, amount) => sum + amount, 0n),
    key: `tables:bet:${member.id}:${request.requestId}`,
    houseGame,
    cashAccountId: cash.id,
    houseAccountId: house.id,
    shown: (amount: bigint) => formatMinorUnits(amount, exponent),
  };
};

/**
 * The request against its round, read under the gate and the member's lock: still betting and before its close
 * by this server's clock (TABLE_BETTING_CLOSED otherwise), and within the limits (per spot: the table's min
 * and max, the member's running total on the spot included; per round: the table's max per member). Answers
 * the round, or null when the request was placed already.
 */
const checkAgainstRound = (
  context: TablesContext,
  prepared: PreparedRequest,
  view: Awaited<ReturnType<typeof repository.bettingView>>,
): BettingRound | null => {
  const { table, request, amounts, total, shown } = prepared;
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
  return round;
};

/** The stake's posting: its legs (cash first, then bonus money) and the house's side. */
const postingOf = (prepared: PreparedRequest, round: BettingRound, legs: LedgerLeg[]): PostingRequest => ({
  brandId: prepared.member.brandId,
  idempotencyKey: prepared.key,
  kind: 'bet',
  legs: [...legs, { accountId: prepared.houseAccountId, amount: prepared.total }],
  reference: `tables:${round.id}`,
  memo: `${prepared.table.name} round ${round.number}`,
  productLine: prepared.houseGame.productLine,
});

/** The request's betting record (one open house round) and its bet call. */
const houseRoundOf = (prepared: PreparedRequest, round: BettingRound, ledgerTransactionId: bigint) => {
  const { member, brand, table, request, total, key, houseGame } = prepared;
  return {
    round: {
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
    bet: { reference: key, amount: total, ledgerTransactionId },
  };
};

/** The request's bet rows, one per spot. */
const betRowsOf = (
  prepared: PreparedRequest,
  round: BettingRound,
  ids: { gameRoundId: bigint; betTransactionId: bigint },
  bonusStaked: bigint,
) => {
  const bonusParts = bonusPartsOf(prepared.amounts, bonusStaked);
  return prepared.request.bets.map((bet, index) => ({
    roundId: round.id,
    brandId: prepared.member.brandId,
    memberId: prepared.member.id,
    requestId: prepared.request.requestId,
    spot: bet.spot,
    currency: prepared.brand.currency,
    amount: prepared.amounts[index] ?? 0n,
    bonusStaked: bonusParts[index] ?? 0n,
    ...ids,
  }));
};

const replayOf = async (context: TablesContext, prepared: PreparedRequest): Promise<TableBetRow[] | null> => {
  const existing = await repository.listRequestBets(
    context.db,
    prepared.member.id,
    prepared.request.requestId,
  );
  if (existing.length === 0) return null;
  if (existing[0]?.roundId.toString() !== prepared.request.roundId)
    throw new AppError('IDEMPOTENCY_CONFLICT');
  return existing;
};

/**
 * One request in a transaction of its own: through the round's betting gate (the close holds it exclusively,
 * so a bet is either committed before the deal or refused) and the member's own lock on the round (so their
 * limits hold under a burst of their requests); one ledger posting of the whole stake (cash first, then the
 * bonus balance) under `tables:bet:<member>:<requestId>`; one open betting record per request. Sending a
 * request id again answers its bets and moves nothing.
 */
export const placeAlone = async (
  context: TablesContext,
  prepared: PreparedRequest,
): Promise<TableBetRow[]> => {
  const { db, ledger, bonuses } = context;
  const { member, brand, request, total } = prepared;
  const placed = await db
    .transaction(async (tx) => {
      if (context.settings.bettingGate) {
        await repository.holdBettingGate(tx, BigInt(request.roundId), { memberId: member.id });
      }
      const round = checkAgainstRound(
        context,
        prepared,
        await repository.bettingView(tx, BigInt(request.roundId), member.id, request.requestId),
      );
      if (!round) return null;
      const owner = { brandId: member.brandId, memberId: member.id, currency: brand.currency };
      const stake = await bonuses.splitStake(tx, owner, prepared.cashAccountId, total);
      const posting = await ledger.post(postingOf(prepared, round, stake.legs), { executor: tx });
      if (posting.isReplay) throw new AppError('IDEMPOTENCY_CONFLICT');
      const { round: houseRound, bet } = houseRoundOf(prepared, round, posting.transactionId);
      const gameRoundId = await openHouseRoundWithBet(tx, houseRound, bet);
      return repository.insertBets(
        tx,
        betRowsOf(
          prepared,
          round,
          { gameRoundId, betTransactionId: posting.transactionId },
          stake.bonusStaked,
        ),
      );
    })
    .catch(async (error: unknown) => {
      // The same request racing itself: the second finds the first's bets.
      if (error instanceof AppError && error.code === 'IDEMPOTENCY_CONFLICT') {
        const existing = await replayOf(context, prepared);
        if (existing) return existing;
      }
      throw error;
    });
  return placed ?? (await replayOf(context, prepared)) ?? [];
};

/**
 * Requests of different members placed in ONE transaction (group commit: lib/group-commit.ts), as `placeAlone` places
 * each: the gates and the members' locks, one read of every round view, the stakes from cash (a member with an
 * active bonus is left to `placeAlone`), one batched ledger statement, one statement of betting records and
 * one of bet rows. Answers null, having written nothing, unless every request of the batch passes as it is
 * (a closed round, a limit, a replay, a stake above the cash): each is then placed alone, for its own answer.
 */
export const placeBatch = async (
  context: TablesContext,
  batch: readonly PreparedRequest[],
): Promise<TableBetRow[][] | null> => {
  const { db, ledger, bonuses } = context;
  const [first] = batch;
  if (!first || batch.some((prepared) => prepared.member.brandId !== first.member.brandId)) return null;
  return db
    .transaction(async (tx) => {
      const requests = batch.map(({ member, request }) => ({
        roundId: BigInt(request.roundId),
        memberId: member.id,
        requestId: request.requestId,
      }));
      if (context.settings.bettingGate) await repository.holdBettingGates(tx, requests);
      const views = await repository.bettingViews(tx, requests);
      const rounds = batch.map((prepared, index) => checkAgainstRound(context, prepared, views[index]));
      const withBonus = await bonuses.activeBonusOwners(
        tx,
        batch.map(({ member }) => member.id),
      );
      if (
        rounds.some((round) => round === null) ||
        batch.some(({ member, brand }) => withBonus.has(`${member.id}:${brand.currency}`))
      ) {
        throw new BatchDeclined();
      }
      const roundOf = (index: number): BettingRound => {
        const round = rounds[index];
        if (!round) throw new BatchDeclined();
        return round;
      };
      const postings = await ledger.postBatch(
        first.member.brandId,
        batch.map((prepared, index) =>
          postingOf(prepared, roundOf(index), [
            { accountId: prepared.cashAccountId, amount: -prepared.total },
          ]),
        ),
        { executor: tx },
      );
      if (postings.some((posting) => posting.isReplay)) throw new BatchDeclined();
      const transactionOf = (index: number): bigint => {
        const posting = postings[index];
        if (!posting) throw new BatchDeclined();
        return posting.transactionId;
      };
      const gameRoundIds = await openHouseRoundsWithBets(
        tx,
        batch.map((prepared, index) => houseRoundOf(prepared, roundOf(index), transactionOf(index))),
      );
      const rows = await repository.insertBets(
        tx,
        batch.flatMap((prepared, index) =>
          betRowsOf(
            prepared,
            roundOf(index),
            { gameRoundId: gameRoundIds[index] ?? 0n, betTransactionId: transactionOf(index) },
            0n,
          ),
        ),
      );
      return batch.map(({ member }) => rows.filter((row) => row.memberId === member.id));
    })
    .catch(() => null);
};

/** Thrown inside a batch's transaction to roll it back: its requests are then placed one by one. */
class BatchDeclined extends Error {}

/**
 * A set of spots on the table's current round: checked, then placed with other members' requests arriving at
 * the same time (one transaction for them all) or alone; the member's balance and the table's totals follow.
 */
export const placeTableBets = async (
  context: TablesContext,
  member: TableMember,
  brand: TableBrand,
  request: PlaceTableBetsRequest,
): Promise<TableBetRow[]> => {
  const prepared = await prepareRequest(context, member, brand, request);
  const placed = await context.placement.place(prepared);
  context.wallet.notifyBalance(member.id);
  context.changed(prepared.table.code, 'totals');
  return placed;
};
