import type { Raffle } from '@wps/contracts/promotion-games';
import { formatMinorUnits } from '@wps/contracts/money';
import { phaseOf } from '../eligibility/check-eligibility';
import type { PromotionGameDependencies } from '../promotion-games/game-types';
import * as repository from '../promotion-games.repository';
import { commitRaffleSeed, findRaffle } from './raffle-promotion';

/**
 * The raffle for the member: their tickets and everyone's, the prizes and draw time; once drawn, the winners
 * (names masked) and the proof (revealed seed, client seed, ticket order) anyone can recompute the winners
 * from. Before the draw only the seed's hash is shown.
 */
export const raffleViewOf = async (
  deps: PromotionGameDependencies,
  member: { id: bigint; brandId: bigint },
  promotionId: bigint,
): Promise<Raffle> => {
  const { row, config, currency } = await findRaffle(deps, deps.db, member.brandId, promotionId);
  const now = deps.now();
  const phase = phaseOf(row, now);
  const existing = await repository.findDraw(deps.db, row.id);
  const draw = existing ?? (row.startsAt <= now ? await commitRaffleSeed(deps.db, row, config) : undefined);
  const exponent = await deps.ledger.getCurrencyExponent(currency);
  const format = (amount: bigint) => formatMinorUnits(amount, exponent);
  const entry = await repository.findEntry(deps.db, row.id, member.id);
  const isDrawn = draw?.status === 'drawn';
  const rewards = await repository.listPromotionRewards(deps.db, member.id, row.id, 'raffle');
  const claimable = rewards
    .filter(
      (reward) => reward.status === 'claimable' && (reward.expiresAt === null || reward.expiresAt > now),
    )
    .reduce((sum, reward) => sum + reward.amount, 0n);
  const memberId = member.id.toString();
  return {
    promotionId: row.id.toString(),
    phase,
    drawAt: (draw?.drawAt ?? new Date(config.drawAt)).toISOString(),
    status: isDrawn ? 'drawn' : 'pending',
    myTickets: Number(entry?.tickets ?? 0n),
    totalTickets: Number(isDrawn ? (draw.totalTickets ?? 0n) : await repository.sumTickets(deps.db, row.id)),
    depositPerTicket: config.depositPerTicket,
    validBetPerTicket: config.validBetPerTicket,
    prizes: config.prizes,
    winners: isDrawn
      ? (draw.winners ?? []).map((win) => ({
          prize: win.prize,
          amount: format(BigInt(win.amount)),
          ticket: win.ticket,
          member: win.member,
          isMine: win.memberId === memberId,
        }))
      : [],
    claimable: format(claimable),
    proof: draw
      ? {
          serverSeedHash: draw.serverSeedHash,
          serverSeed: isDrawn ? draw.serverSeed : null,
          clientSeed: isDrawn ? draw.clientSeed : null,
          nonce: 0,
          ticketOrder: isDrawn
            ? (draw.ticketOrder ?? []).map((run) => ({
                member: run.memberId,
                first: run.first,
                tickets: run.tickets,
              }))
            : [],
        }
      : null,
  };
};
