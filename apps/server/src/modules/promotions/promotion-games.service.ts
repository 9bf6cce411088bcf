import type { Executor } from '../../db/database';
import type { ValidBet } from '../turnover/turnover.service';
import type { Claimant } from './eligibility/check-eligibility';
import type { PromotionGameDependencies } from './promotion-games/game-types';
import { claimRafflePrizes } from './raffles/claim-raffle-prizes';
import { drawRaffles } from './raffles/draw-raffles';
import { raffleViewOf } from './raffles/raffle-view';
import { type CreditedDeposit, createTicketRecorder } from './raffles/record-tickets';
import { grabPacket } from './red-envelopes/grab-packet';
import { viewRedEnvelope } from './red-envelopes/red-envelope-view';

export type { CreditedDeposit } from './raffles/record-tickets';
export type { PromotionGameDependencies } from './promotion-games/game-types';
export { drawRafflesJobName } from './raffles/draw-raffles';

type MemberRef = { id: bigint; brandId: bigint };

/** Red envelopes: a timed pool split into random packets, grabbed first come first served. */
export const createRedEnvelopeService = (deps: PromotionGameDependencies) => ({
  view: (member: MemberRef, promotionId: bigint) => viewRedEnvelope(deps, member, promotionId),
  grab: (member: Claimant & MemberRef, promotionId: bigint) => grabPacket(deps, member, promotionId),
});
export type RedEnvelopeService = ReturnType<typeof createRedEnvelopeService>;

/**
 * Raffles: tickets earned by deposits and valid bets while open, winners drawn with the provably fair layer at the
 * draw time, prizes claimed by the winners. `recordDeposit` is the hook the payments side calls in the
 * deposit's transaction; valid bets arrive through the turnover listener (`recordValidBet`).
 */
export const createRaffleService = (deps: PromotionGameDependencies) => {
  const tickets = createTicketRecorder(deps);
  return {
    recordDeposit: (tx: Executor, deposit: CreditedDeposit) => tickets.recordDeposit(tx, deposit),
    recordValidBet: (tx: Executor, bet: ValidBet) => tickets.recordValidBet(tx, bet),
    /** Forget the cached open raffles (after the operator changes one). */
    forgetOpenRaffles: () => {
      tickets.forget();
    },
    view: (member: MemberRef, promotionId: bigint) => raffleViewOf(deps, member, promotionId),
    claim: (member: MemberRef, promotionId: bigint) => claimRafflePrizes(deps, member, promotionId),
    draw: () => drawRaffles(deps),
  };
};
export type RaffleService = ReturnType<typeof createRaffleService>;
