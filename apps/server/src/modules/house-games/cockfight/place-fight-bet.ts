import type { FightBet, PlaceFightBetRequest } from '@wps/contracts/cockfight';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { openHouseRounds, recordHouseRoundCalls } from '../../games/house-rounds.service';
import * as repository from './cockfight.repository';
import type { FightBetRow, FightRow } from './cockfight.repository';
import { type CockfightContext, houseAccountOf, requireCockfightGame } from './cockfight.service';
import { toFightBet } from './fight-views';

export type FightMember = { id: bigint; brandId: bigint };
export type FightBrand = { id: bigint; currency: string };

const limitError = (message: string) =>
  new AppError('FIGHT_BET_LIMIT', { message, issues: [{ field: 'amount', message }] });

const isTakingBets = (fight: FightRow, now: number) =>
  (fight.status === 'open' || fight.status === 'last_call') &&
  (fight.closesAt === null || now < fight.closesAt.getTime());

/** Why the pools refused a bet: betting closed (state or clock), else the fight's total limit. */
const refusalOf = async (context: CockfightContext, executor: Executor, fightId: bigint, now: number) => {
  const fight = await repository.findFight(executor, fightId);
  if (!fight || !isTakingBets(fight, now)) return new AppError('FIGHT_BETTING_CLOSED');
  const left = fight.maxPerFight - fight.meronPool - fight.walaPool - fight.drawPool;
  return limitError(
    `This fight takes ${await context.wallet.formatAmount(left, fight.currency)} more at most`,
  );
};

/**
 * One bet on a fight, in one transaction: the member's own lock on the fight, so their limits (the fight's
 * minimum stake, and at most `maxPerPlayer` over all their bets on it) hold under a burst of their requests;
 * one ledger posting of the stake (cash first, then the bonus balance) under
 * `cockfight:bet:<member>:<requestId>`; its betting record; and last, its addition to the pools, conditional
 * on the fight still taking bets (state, and the close by this server's clock) and on its total limit. The
 * close's update takes the same row, so a bet is either in the pools before the close or refused with
 * nothing moved. Sending a request id again answers its bet and moves nothing.
 */
export const placeFightBet = async (
  context: CockfightContext,
  member: FightMember,
  brand: FightBrand,
  request: PlaceFightBetRequest,
): Promise<FightBet> => {
  const { db, wallet, ledger, bonuses } = context;
  const fightId = BigInt(request.fightId);
  const amount = await wallet.parseAmount(request.amount, brand.currency);
  const replay = async (): Promise<FightBet | null> => {
    const existing = await repository.findRequestBet(db, member.id, request.requestId);
    if (!existing) return null;
    if (existing.fightId !== fightId || existing.side !== request.side || existing.amount !== amount) {
      throw new AppError('IDEMPOTENCY_CONFLICT');
    }
    const fight = await repository.findFight(db, existing.fightId);
    return toFightBet(context, existing, fight?.number ?? 0);
  };
  const earlier = await replay();
  if (earlier) return earlier;
  const fight = await repository.findFight(db, fightId);
  if (fight?.brandId !== member.brandId || fight.currency !== brand.currency) {
    throw new AppError('NOT_FOUND', { message: 'No such fight in this arena' });
  }
  if (!isTakingBets(fight, context.clock())) throw new AppError('FIGHT_BETTING_CLOSED');
  if (amount < fight.minStake) {
    throw limitError(
      `A bet on this fight is at least ${await wallet.formatAmount(fight.minStake, brand.currency)}`,
    );
  }
  const houseGame = await requireCockfightGame(context, db);
  const cash = await wallet.cashAccount(member, brand.currency);
  const house = await houseAccountOf(context, member.brandId, brand.currency, db);
  const key = `cockfight:bet:${member.id}:${request.requestId}`;

  const placed = await db
    .transaction(async (tx): Promise<FightBetRow | null> => {
      await repository.lockMemberOnFight(tx, fight.id, member.id);
      if (await repository.findRequestBet(tx, member.id, request.requestId)) return null;
      if ((await repository.memberStake(tx, fight.id, member.id)) + amount > fight.maxPerPlayer) {
        const most = await wallet.formatAmount(fight.maxPerPlayer, brand.currency);
        throw limitError(`A player stakes at most ${most} on one fight`);
      }
      const owner = { brandId: member.brandId, memberId: member.id, currency: brand.currency };
      const stake = await bonuses.splitStake(tx, owner, cash.id, amount);
      const posting = await ledger.post(
        {
          brandId: member.brandId,
          idempotencyKey: key,
          kind: 'bet',
          legs: [...stake.legs, { accountId: house.id, amount }],
          reference: `cockfight:${fight.id}`,
          memo: `Cockfight #${fight.number} ${request.side}`,
          productLine: houseGame.productLine,
        },
        { executor: tx },
      );
      if (posting.isReplay) throw new AppError('IDEMPOTENCY_CONFLICT');
      const [gameRoundId] = await openHouseRounds(tx, [
        {
          brandId: member.brandId,
          memberId: member.id,
          game: houseGame,
          roundRef: `cockfight:${fight.id}:${request.requestId}`,
          currency: brand.currency,
          betAmount: amount,
          details: {
            game: 'cockfight',
            fightId: fight.id.toString(),
            fightNumber: fight.number,
            side: request.side,
            // The betting record's line for the bet.
            bet: `#${fight.number} ${request.side}: ${fight.meronName} vs ${fight.walaName}`,
            meron: fight.meronName,
            wala: fight.walaName,
            ...(fight.serverSeedHash === null
              ? {}
              : {
                  serverSeedHash: fight.serverSeedHash,
                  verifyUrl: `/wps/cockfight/fights/${fight.id}/verify`,
                }),
          },
        },
      ]);
      if (gameRoundId === undefined) throw new Error('the betting record was not written');
      await recordHouseRoundCalls(
        tx,
        { roundId: gameRoundId, brandId: member.brandId, memberId: member.id, vendorId: houseGame.vendorId },
        [{ kind: 'bet', reference: key, amount, ledgerTransactionId: posting.transactionId }],
      );
      const bet = await repository.insertBet(tx, {
        fightId: fight.id,
        brandId: member.brandId,
        memberId: member.id,
        requestId: request.requestId,
        side: request.side,
        currency: brand.currency,
        amount,
        bonusStaked: stake.bonusStaked,
        gameRoundId,
        betTransactionId: posting.transactionId,
      });
      // Last, so the fight's row is held only from here to the commit.
      if (!(await repository.addToPool(tx, fight.id, request.side, amount, new Date(context.clock())))) {
        throw await refusalOf(context, tx, fight.id, context.clock());
      }
      return bet;
    })
    .catch(async (error: unknown) => {
      // The same request racing itself: the second finds the first's bet.
      if (error instanceof AppError && error.code === 'IDEMPOTENCY_CONFLICT') {
        const existing = await replay();
        if (existing) return existing;
      }
      throw error;
    });
  wallet.notifyBalance(member.id);
  context.changed(member.brandId);
  if (placed === null) {
    const existing = await replay();
    if (!existing) throw new AppError('IDEMPOTENCY_CONFLICT');
    return existing;
  }
  return 'betId' in placed ? placed : toFightBet(context, placed, fight.number);
};
