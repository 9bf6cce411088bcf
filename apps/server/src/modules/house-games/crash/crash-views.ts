import { type CrashMyBet, type CrashPhase, formatMultiplier } from '@wps/contracts/crash';
import type { BetRow, RoundRow } from '../crash.repository';
import type { CrashContext } from '../crash.service';

/** How a round's status and a bet's status are shown to players. */
export const phaseOf: Record<RoundRow['status'], CrashPhase> = {
  betting: 'BETTING',
  running: 'RUNNING',
  crashed: 'CRASHED',
  cancelled: 'CANCELLED',
};
export const betStatusOf = {
  placed: 'PLACED',
  cashed: 'CASHED',
  lost: 'LOST',
  refunded: 'REFUNDED',
} as const;

export const isEnded = (round: RoundRow): boolean =>
  round.status === 'crashed' || round.status === 'cancelled';

/** A round or bet id from a URL, or null when it is not one (no bigint can be made of it). */
export const parseId = (value: string): bigint | null =>
  /^[1-9][0-9]{0,18}$/.test(value) && BigInt(value) <= 9_223_372_036_854_775_807n ? BigInt(value) : null;

/** A member's own bet, as the member's page shows it. */
export const toMyBet = async (
  { wallet }: Pick<CrashContext, 'wallet'>,
  bet: BetRow,
): Promise<CrashMyBet> => ({
  betId: bet.id.toString(),
  roundId: bet.roundId.toString(),
  amount: await wallet.formatAmount(bet.amount, bet.currency),
  currency: bet.currency,
  autoCashOut: bet.autoCashOut === null ? null : formatMultiplier(bet.autoCashOut),
  status: betStatusOf[bet.status],
  cashedOutAt: bet.cashedOutAt === null ? null : formatMultiplier(bet.cashedOutAt),
  payout: bet.status === 'cashed' ? await wallet.formatAmount(bet.payout, bet.currency) : null,
});
