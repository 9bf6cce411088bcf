import { maskUsername } from './mask-username';
import type { Executor } from '../../../db/database';
import { recordAuditEvent } from '../../audit/audit.service';
import type { RaffleWin } from '../promotion-games.tables';
import type { PromotionGameDependencies } from '../promotion-games/game-types';
import { turnoverOf } from '../promotion-games/pay-prize';
import * as repository from '../promotion-games.repository';
import { findPromotion } from '../promotions.repository';
import { drawWinningTickets, ownerOfTicket, raffleClientSeed, ticketOrderOf } from './draw-winners';
import { commitRaffleSeed, raffleAmounts, raffleConfigOf } from './raffle-promotion';

export const drawRafflesJobName = 'promotions.raffle-draws';

const dayMs = 86_400_000;
/** A prize waits this long in the reward centre before it expires unclaimed. */
const prizeClaimDays = 7;

/** Draws one due raffle, if this instance gets its row; answers whether it drew it. */
const drawOne = async (
  deps: PromotionGameDependencies,
  tx: Executor,
  promotionId: bigint,
): Promise<boolean> => {
  const now = deps.now();
  const draw = await repository.lockPendingDraw(tx, promotionId, now);
  if (!draw) return false;
  const row = await findPromotion(tx, promotionId);
  const config = row ? raffleConfigOf(row) : undefined;
  if (!row || !config) throw new Error(`raffle draw ${promotionId} has no raffle promotion`);
  const money = await repository.findBrandMoney(tx, row.brandId);
  if (!money) throw new Error(`brand ${row.brandId} has no currency`);
  const { currency, exponent } = money;
  const { prizes } = raffleAmounts(config, exponent);
  const order = ticketOrderOf(await repository.listEntries(tx, promotionId));
  const last = order.at(-1);
  const totalTickets = last ? last.first + last.tickets : 0;
  const clientSeed = raffleClientSeed(order);
  const tickets = drawWinningTickets(
    { serverSeed: draw.serverSeed, clientSeed, nonce: 0 },
    totalTickets,
    prizes.length,
  );
  const winners: RaffleWin[] = [];
  for (const [prize, ticket] of tickets.entries()) {
    const memberId = ownerOfTicket(order, ticket);
    const amount = prizes[prize];
    if (memberId === undefined || amount === undefined)
      throw new Error(`raffle ${promotionId}: ticket ${ticket} has no owner`);
    const member = await deps.members.findById(BigInt(memberId), tx);
    winners.push({
      prize,
      amount: amount.toString(),
      ticket,
      memberId,
      member: maskUsername(member?.username ?? ''),
    });
    await repository.insertReward(tx, {
      brandId: row.brandId,
      memberId: BigInt(memberId),
      currency,
      source: 'raffle',
      promotionId,
      reference: `raffle:${promotionId}:prize:${prize}`,
      title: row.content.en.title,
      amount,
      turnoverRequired: turnoverOf(amount, row.turnoverPercent),
      expiresAt: new Date(now.getTime() + prizeClaimDays * dayMs),
    });
  }
  const isDrawn = await repository.completeDraw(tx, promotionId, {
    clientSeed,
    totalTickets: BigInt(totalTickets),
    ticketOrder: order,
    winners,
    drawnAt: now,
  });
  if (isDrawn) {
    // The prizes it gave, as the platform's action, in the transaction that writes them.
    await recordAuditEvent(tx, {
      actor: { type: 'system', id: drawRafflesJobName },
      action: 'promotions.raffle.draw',
      entityType: 'promotion',
      entityId: promotionId.toString(),
      after: {
        currency,
        totalTickets,
        clientSeed,
        winners: winners.map(({ prize, amount, ticket, memberId }) => ({ prize, amount, ticket, memberId })),
      },
    });
  }
  return isDrawn;
};

/**
 * The raffle job: commits the seed of every started raffle that has none yet (and keeps pending draw times in
 * step with the promotions), then draws each due raffle in its own transaction. Exactly once across instances:
 * the draw row is locked `skip locked` and moved from pending to drawn in the transaction that writes the
 * prizes, whose references are unique per member besides.
 */
export const drawRaffles = async (deps: PromotionGameDependencies): Promise<number> => {
  const now = deps.now();
  for (const row of await repository.listRafflesWithoutDraw(deps.db, now)) {
    const config = raffleConfigOf(row);
    if (config) await commitRaffleSeed(deps.db, row, config);
  }
  let drawn = 0;
  for (const promotionId of await repository.listDueDraws(deps.db, now)) {
    const row = await findPromotion(deps.db, promotionId);
    const config = row ? raffleConfigOf(row) : undefined;
    if (config) await repository.syncDrawTime(deps.db, promotionId, new Date(config.drawAt));
    if (await deps.db.transaction((tx) => drawOne(deps, tx, promotionId))) drawn += 1;
  }
  return drawn;
};
