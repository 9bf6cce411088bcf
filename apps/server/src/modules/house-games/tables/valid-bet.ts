import type { TableResult } from './table-results';

/**
 * What a request's bets count as valid bet (turnover, agents' roll-ups), decided here:
 * - baccarat: a Player and Banker pair of stakes counts only their difference (the hedged part risks
 *   nothing that matters), and on a tie the Player and Banker stakes, returned, count 0; side bets in full;
 * - dragon tiger: a Dragon and Tiger pair counts only their difference; the rest in full;
 * - roulette: every stake in full.
 */
export const validBetOf = (
  result: TableResult,
  bets: ReadonlyArray<{ spot: string; amount: bigint }>,
): bigint => {
  const stakeOn = (spot: string) =>
    bets.filter((bet) => bet.spot === spot).reduce((sum, bet) => sum + bet.amount, 0n);
  const total = bets.reduce((sum, bet) => sum + bet.amount, 0n);
  const hedged = (first: string, second: string) => {
    const a = stakeOn(first);
    const b = stakeOn(second);
    return { both: a + b, difference: a > b ? a - b : b - a };
  };
  switch (result.game) {
    case 'BACCARAT': {
      const { both, difference } = hedged('player', 'banker');
      return total - both + (result.hand.outcome === 'tie' ? 0n : difference);
    }
    case 'DRAGON_TIGER': {
      const { both, difference } = hedged('dragon', 'tiger');
      return total - both + difference;
    }
    case 'ROULETTE':
      return total;
  }
};
