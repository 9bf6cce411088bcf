import type { Executor } from '../../../db/database';
import type { ValidBet } from '../../turnover/turnover.service';
import type { PromotionGameDependencies } from '../promotion-games/game-types';
import * as repository from '../promotion-games.repository';
import { listLivePromotions } from '../promotions.repository';
import { raffleAmounts, raffleConfigOf } from './raffle-promotion';

/** A deposit credited to a member, as the payments side reports it. */
export type CreditedDeposit = {
  brandId: bigint;
  memberId: bigint;
  currency: string;
  amount: bigint;
  reference: string;
};

type OpenRaffle = {
  id: bigint;
  currency: string;
  startsAt: Date;
  /** Tickets stop at the promotion's end or the draw, whichever is first. */
  stopsAt: number;
  depositPerTicket: bigint;
  validBetPerTicket: bigint;
};

/**
 * How long a brand's list of live raffles is trusted. Every valid bet asks, inside the bet's transaction, so
 * the list is kept in memory; a raffle the operator starts begins counting within this time.
 */
const cacheMs = 15_000;

/**
 * Tickets earned by deposits and valid bets while a raffle is open: whole tickets per `…PerTicket`, the remainder
 * kept toward the next. Runs in the deposit's or bet's transaction (a bet is reported to the listeners once,
 * a deposit is credited once), so each counts once; a brand without an open raffle costs a map lookup.
 */
export const createTicketRecorder = (deps: Pick<PromotionGameDependencies, 'now'>) => {
  const cache = new Map<bigint, { at: number; raffles: Promise<OpenRaffle[]> }>();

  /** Read in the caller's transaction (it may read nothing outside it). */
  const load = async (executor: Executor, brandId: bigint): Promise<OpenRaffle[]> => {
    const rows = await listLivePromotions(executor, brandId, deps.now(), 'raffle');
    if (rows.length === 0) return [];
    const money = await repository.findBrandMoney(executor, brandId);
    if (!money) return [];
    return rows.flatMap((row) => {
      const config = raffleConfigOf(row);
      if (!config) return [];
      const amounts = raffleAmounts(config, money.exponent);
      const drawAt = new Date(config.drawAt).getTime();
      const endsAt = row.endsAt?.getTime() ?? drawAt;
      return [
        {
          id: row.id,
          currency: money.currency,
          startsAt: row.startsAt,
          stopsAt: Math.min(drawAt, endsAt),
          ...amounts,
        },
      ];
    });
  };

  const openRaffles = async (executor: Executor, brandId: bigint): Promise<OpenRaffle[]> => {
    const nowMs = Date.now();
    const cached = cache.get(brandId);
    if (cached && nowMs - cached.at < cacheMs) return cached.raffles;
    const raffles = load(executor, brandId);
    cache.set(brandId, { at: nowMs, raffles });
    raffles.catch(() => cache.delete(brandId));
    return raffles;
  };

  const record = async (executor: Executor, money: CreditedDeposit, kind: 'deposit' | 'bet') => {
    if (money.amount <= 0n) return;
    const raffles = await openRaffles(executor, money.brandId);
    if (raffles.length === 0) return;
    const now = deps.now();
    for (const raffle of raffles) {
      const perTicket = kind === 'deposit' ? raffle.depositPerTicket : raffle.validBetPerTicket;
      if (perTicket <= 0n || raffle.currency !== money.currency) continue;
      if (raffle.startsAt > now || now.getTime() >= raffle.stopsAt) continue;
      await repository.addToEntry(
        executor,
        { promotionId: raffle.id, memberId: money.memberId, brandId: money.brandId },
        kind,
        money.amount,
        perTicket,
      );
    }
  };

  return {
    recordDeposit: (executor: Executor, deposit: CreditedDeposit) => record(executor, deposit, 'deposit'),
    recordValidBet: (executor: Executor, bet: ValidBet) => record(executor, bet, 'bet'),
    /** Forget the cached raffles (the operator changed a promotion; tests). */
    forget: () => {
      cache.clear();
    },
  };
};

export type TicketRecorder = ReturnType<typeof createTicketRecorder>;
