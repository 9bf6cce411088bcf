import { setHouseRoundValidBets, settleHouseRounds } from '../../games/house-rounds.service';
import type { PostingRequest } from '../../wallet/ledger.service';
import * as repository from './cockfight.repository';
import type { FightBetRow, FightRow } from './cockfight.repository';
import type { CockfightBetStatus, CockfightResult } from './cockfight.tables';
import { emptySettleAccounts, loadSettleAccounts, type SettleAccounts } from '../settle-accounts';
import { type CockfightContext, requireCockfightGame } from './cockfight.service';
import { rulesOf } from './fight-views';
import { fightReturn, type Pools } from './pari-mutuel';

type Settled = Exclude<CockfightBetStatus, 'placed'>;

/** A bet's outcome and return: won (more than nothing, unless returned in full), lost, or returned. */
export const decideBet = (
  bet: Pick<FightBetRow, 'side' | 'amount'>,
  result: CockfightResult,
  pools: Pools,
  fight: FightRow,
): { status: Settled; returned: bigint } => {
  const returned = fightReturn({ kind: bet.side, stake: bet.amount }, result, pools, rulesOf(fight));
  if (returned === 0n) return { status: 'lost', returned };
  const isReturned =
    result === 'cancelled' ||
    (bet.side !== 'draw' && (result === 'draw' || pools.meron === 0n || pools.wala === 0n));
  return { status: isReturned ? 'returned' : 'won', returned };
};

/**
 * One chunk of placed bets, locked, decided and paid (one posting per bet that returns anything, under
 * `cockfight:win:<bet>` or `cockfight:refund:<bet>`, all in one batched ledger statement), in one transaction.
 * Answers the members paid, or null when no placed bet is left.
 */
const settleChunk = async (
  context: CockfightContext,
  fight: FightRow & { result: CockfightResult },
  productLine: string,
  accounts: SettleAccounts,
): Promise<bigint[] | null> => {
  const { db, ledger, bonuses, settings } = context;
  const preview = await repository.lockPlacedBets(db, fight.id, settings.settleChunkSize);
  if (preview.length === 0) return null;
  await loadSettleAccounts(context, db, preview, accounts);
  const pools = { meron: fight.meronPool, wala: fight.walaPool };
  return db.transaction(async (tx) => {
    const bets = await repository.lockPlacedBets(tx, fight.id, settings.settleChunkSize);
    if (bets.length === 0) return null;
    await loadSettleAccounts(context, tx, bets, accounts);
    const decided = bets.map((bet) => ({ bet, ...decideBet(bet, fight.result, pools, fight) }));
    await repository.settleBets(
      tx,
      decided.map(({ bet, status, returned }) => ({ id: bet.id, status, returned })),
      new Date(context.clock()),
    );
    const postings: PostingRequest[] = [];
    for (const { bet, status, returned } of decided) {
      if (returned === 0n) continue;
      const cash = accounts.cash.get(`${bet.memberId}:${bet.currency}`);
      const house = accounts.house.get(`${bet.brandId}:${bet.currency}`);
      if (cash === undefined || house === undefined) throw new Error(`no accounts for fight bet ${bet.id}`);
      const memberLegs = await bonuses.splitWin(
        tx,
        { brandId: bet.brandId, memberId: bet.memberId, currency: bet.currency },
        cash,
        { stake: bet.amount, bonusStaked: bet.bonusStaked, win: returned },
      );
      const isWin = status === 'won';
      postings.push({
        brandId: bet.brandId,
        idempotencyKey: `cockfight:${isWin ? 'win' : 'refund'}:${bet.id}`,
        kind: isWin ? 'win' : 'bet.rollback',
        productLine,
        reference: `cockfight:${fight.id}`,
        memo: `Cockfight #${fight.number} ${isWin ? fight.result : 'returned'}`,
        legs: [{ accountId: house, amount: -returned }, ...memberLegs],
      });
    }
    if (postings.length > 0) await ledger.postBatch(fight.brandId, postings, { executor: tx });
    return decided.filter(({ returned }) => returned > 0n).map(({ bet }) => bet.memberId);
  });
};

/**
 * The fight's betting records (one per bet: its return as the win, its valid bet: the stake when it won or
 * lost, 0 when it was returned), their valid bets on turnover, and the move to settled or cancelled, in one
 * transaction, conditional on the fight being closed with its result: so only once.
 */
const finishFight = async (context: CockfightContext, fight: FightRow, productLine: string) => {
  await context.db.transaction(async (tx) => {
    // Another settler's chunk still open is waited for; a bet left placed is settled on the next try.
    if (await repository.hasPlacedBets(tx, fight.id)) return;
    if (!(await repository.finishFight(tx, fight, new Date(context.clock())))) return;
    const records = (await repository.listFightBets(tx, fight.id)).flatMap((bet) =>
      bet.gameRoundId === null
        ? []
        : [
            {
              bet,
              roundId: bet.gameRoundId,
              winAmount: bet.returned,
              validBet: bet.status === 'returned' ? 0n : bet.amount,
            },
          ],
    );
    await settleHouseRounds(tx, records);
    await setHouseRoundValidBets(
      tx,
      records.filter((record) => record.validBet !== record.bet.amount),
    );
    await context.turnover.recordValidBets(
      tx,
      records
        .filter((record) => record.validBet > 0n)
        .map(({ bet, roundId, validBet }) => ({
          brandId: bet.brandId,
          memberId: bet.memberId,
          currency: bet.currency,
          amount: validBet,
          reference: `round:${roundId}`,
          productLine,
        })),
    );
  });
};

/**
 * Pays a fight whose result is in: every bet once (chunks of `settleChunkSize`, skip locked, set-based), then
 * its records and the move to settled or cancelled. Whoever runs it, however often and whenever (a crash in
 * between included), a bet is paid once: its status moves from placed once, and its ledger key is its own.
 */
export const settleFight = async (context: CockfightContext, fightId: bigint): Promise<void> => {
  const fight = await repository.findFight(context.db, fightId);
  if (fight?.status !== 'closed' || fight.result === null) return;
  const withResult = { ...fight, result: fight.result };
  const game =
    context.catalogue.game ?? (await requireCockfightGame(context, context.db).catch(() => undefined));
  const productLine = game?.productLine ?? 'COCKFIGHT';
  const accounts = emptySettleAccounts();
  const paid = new Set<bigint>();
  for (;;) {
    const members = await settleChunk(context, withResult, productLine, accounts);
    if (!members) break;
    for (const member of members) paid.add(member);
  }
  await finishFight(context, fight, productLine);
  for (const member of paid) context.wallet.notifyBalance(member);
  context.changed(fight.brandId);
};

/** Finishes every settlement that stopped midway (the driver's first duty). */
export const settlePendingFights = async (context: CockfightContext): Promise<void> => {
  for (const { id } of await repository.listFightsToSettle(context.db)) await settleFight(context, id);
};
