import type { Executor } from '../../../db/database';
import { setHouseRoundValidBets, settleHouseRounds } from '../../games/house-rounds.service';
import type { PostingRequest } from '../../wallet/ledger.service';
import { emptySettleAccounts, loadSettleAccounts, type SettleAccounts } from '../settle-accounts';
import { requireTableGame } from './table-catalogue';
import { tableGames } from './table-config';
import { dealTableRound, returnOf, type TableResult } from './table-results';
import * as repository from './tables.repository';
import type { TableBetRow, TableRoundRow } from './tables.repository';
import type { TablesContext } from './tables.service';
import { validBetOf } from './valid-bet';

/** The round's result, dealt again from its seeds (the stored one is its view for pages). */
const resultOf = async (executor: Executor, round: TableRoundRow): Promise<TableResult> => {
  const game = tableGames.find((candidate) => candidate === round.game);
  const shoe = round.shoeId === null ? undefined : await repository.findShoe(executor, round.shoeId);
  const serverSeed = shoe ? shoe.seed : round.serverSeed;
  if (!game || serverSeed === null) throw new Error(`table round ${round.id} cannot be dealt`);
  return dealTableRound(game, {
    serverSeed,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    shoePosition: round.shoePosition ?? 0,
  });
};

/**
 * One chunk of placed bets, locked, decided, settled set-based and its wins paid (one posting per winning
 * bet under `tables:win:<bet>`, batched per brand), all in one transaction. Answers the members paid, or
 * null when no placed bet is left.
 */
const settleChunk = async (
  context: TablesContext,
  round: TableRoundRow,
  result: TableResult,
  productLine: string,
  accounts: SettleAccounts,
): Promise<bigint[] | null> => {
  const { db, ledger, bonuses, settings } = context;
  const preview = await repository.lockPlacedBets(db, round.id, settings.settleChunkSize);
  if (preview.length === 0) return null;
  await loadSettleAccounts(context, db, preview, accounts);
  return db.transaction(async (tx) => {
    const bets = await repository.lockPlacedBets(tx, round.id, settings.settleChunkSize);
    if (bets.length === 0) return null;
    await loadSettleAccounts(context, tx, bets, accounts);
    const decided = bets.map((bet) => ({ bet, returned: returnOf(result, bet.spot, bet.amount) }));
    await repository.settleBets(
      tx,
      decided.map(({ bet, returned }) => ({ id: bet.id, returned })),
      new Date(context.clock()),
    );
    const byBrand = new Map<bigint, PostingRequest[]>();
    for (const { bet, returned } of decided) {
      if (returned === 0n) continue;
      const cash = accounts.cash.get(`${bet.memberId}:${bet.currency}`);
      const house = accounts.house.get(`${bet.brandId}:${bet.currency}`);
      if (cash === undefined || house === undefined) throw new Error(`no accounts for table bet ${bet.id}`);
      const memberLegs = await bonuses.splitWin(
        tx,
        { brandId: bet.brandId, memberId: bet.memberId, currency: bet.currency },
        cash,
        { stake: bet.amount, bonusStaked: bet.bonusStaked, win: returned },
      );
      const postings = byBrand.get(bet.brandId) ?? [];
      postings.push({
        brandId: bet.brandId,
        idempotencyKey: `tables:win:${bet.id}`,
        kind: 'win',
        productLine,
        reference: `tables:${round.id}`,
        legs: [{ accountId: house, amount: -returned }, ...memberLegs],
      });
      byBrand.set(bet.brandId, postings);
    }
    for (const [brandId, postings] of byBrand) await ledger.postBatch(brandId, postings, { executor: tx });
    return decided.filter(({ returned }) => returned > 0n).map(({ bet }) => bet.memberId);
  });
};

/**
 * The round's betting records (one per request: its win, its valid bet by `validBetOf`, counted on turnover
 * once per record) and the move to `settled`, in one transaction: conditional on `dealing`, so only once.
 */
const closeRound = async (
  context: TablesContext,
  round: TableRoundRow,
  result: TableResult,
  productLine: string,
): Promise<void> => {
  await context.db.transaction(async (tx) => {
    // Another settler's chunk still open is waited for; a bet left placed is settled on the next tick.
    if (await repository.hasPlacedBets(tx, round.id)) return;
    if (!(await repository.moveRound(tx, round.id, 'dealing', 'settled', new Date(context.clock())))) return;
    const requests = new Map<bigint, TableBetRow[]>();
    for (const bet of await repository.listRoundBets(tx, round.id)) {
      if (bet.gameRoundId === null) continue;
      const list = requests.get(bet.gameRoundId) ?? [];
      list.push(bet);
      requests.set(bet.gameRoundId, list);
    }
    const records = [...requests].map(([roundId, bets]) => ({
      roundId,
      bets,
      winAmount: bets.reduce((sum, bet) => sum + bet.returned, 0n),
      validBet: validBetOf(result, bets),
    }));
    await settleHouseRounds(tx, records);
    await setHouseRoundValidBets(tx, records);
    await context.turnover.recordValidBets(
      tx,
      records.flatMap(({ roundId, bets: [first], validBet }) =>
        first && validBet > 0n
          ? [
              {
                brandId: first.brandId,
                memberId: first.memberId,
                currency: first.currency,
                amount: validBet,
                reference: `round:${roundId}`,
                productLine,
              },
            ]
          : [],
      ),
    );
  });
};

/**
 * Settles a dealt round once its reveal is over: every bet once (chunks of `settleChunkSize`, skip locked,
 * set-based), then its records and the move to `settled`. A driver stopped midway leaves placed bets, which
 * the next driver settles; a bet already settled is never paid again (its status, and its ledger key).
 */
export const settleRound = async (context: TablesContext, roundId: bigint): Promise<void> => {
  const round = await repository.findRound(context.db, roundId);
  if (round?.status !== 'dealing') return;
  const result = await resultOf(context.db, round);
  const game =
    context.catalogue.get(result.game) ??
    (await requireTableGame(context, context.db, result.game).catch(() => undefined));
  const productLine = game?.productLine ?? 'LIVE';
  const accounts = emptySettleAccounts();
  const paid = new Set<bigint>();
  for (;;) {
    const members = await settleChunk(context, round, result, productLine, accounts);
    if (!members) break;
    for (const member of members) paid.add(member);
  }
  await closeRound(context, round, result, productLine);
  for (const member of paid) context.wallet.notifyBalance(member);
};
