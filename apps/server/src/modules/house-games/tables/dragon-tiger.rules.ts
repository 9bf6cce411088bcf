import { assertStake, type Odds, type Settled, winningReturn, settleEach } from './payout';
import { type Card, cardAt } from './shoe';

/**
 * Dragon tiger from a shoe, free of money storage and of the database: one card to Dragon, then one to Tiger,
 * from the start position (the top of a round's own 8-deck shoe, as in shoe.ts). The higher rank wins, ace
 * low (1) and king high (13); suits never rank.
 *
 * Pays: Dragon 1:1, Tiger 1:1, Tie 8:1, Suited tie 50:1 (same rank and same suit; a suited tie is also a tie,
 * so it pays the Tie bet too). On a tie, Dragon and Tiger bets lose half their stake: they return half of
 * it, floored to the minor unit.
 */

export type DragonTigerOutcome = 'dragon' | 'tiger' | 'tie';

export type DragonTigerHand = {
  dragon: Card;
  tiger: Card;
  outcome: DragonTigerOutcome;
  suitedTie: boolean;
  /** Cards taken from the shoe: always 2. */
  cardsUsed: number;
};

export const dragonTigerBetKinds = ['dragon', 'tiger', 'tie', 'suitedTie'] as const;
export type DragonTigerBetKind = (typeof dragonTigerBetKinds)[number];
export type DragonTigerBet = { kind: DragonTigerBetKind; stake: bigint };

export const dragonTigerOdds: Readonly<Record<DragonTigerBetKind, Odds>> = {
  dragon: { win: 1n, per: 1n },
  tiger: { win: 1n, per: 1n },
  tie: { win: 8n, per: 1n },
  suitedTie: { win: 50n, per: 1n },
};

/** One hand dealt from `shoe` starting at `position`: Dragon's card, then Tiger's. */
export const dealDragonTiger = (shoe: readonly Card[], position = 0): DragonTigerHand => {
  const dragon = cardAt(shoe, position);
  const tiger = cardAt(shoe, position + 1);
  return {
    dragon,
    tiger,
    outcome: dragon.rank > tiger.rank ? 'dragon' : tiger.rank > dragon.rank ? 'tiger' : 'tie',
    suitedTie: dragon.rank === tiger.rank && dragon.suit === tiger.suit,
    cardsUsed: 2,
  };
};

/** What one bet returns on the hand: 0, half the stake (Dragon or Tiger on a tie), or stake plus win. */
export const dragonTigerReturn = (bet: DragonTigerBet, hand: DragonTigerHand): bigint => {
  assertStake(bet.stake);
  const wins = bet.kind === 'suitedTie' ? hand.suitedTie : hand.outcome === bet.kind;
  if (wins) return winningReturn(bet.stake, dragonTigerOdds[bet.kind]);
  return hand.outcome === 'tie' && bet.kind !== 'suitedTie' ? bet.stake / 2n : 0n;
};

/** Every bet with its return, in the order given. */
export const settleDragonTiger = <B extends DragonTigerBet>(
  bets: readonly B[],
  hand: DragonTigerHand,
): Settled<B>[] => settleEach(bets, (bet) => dragonTigerReturn(bet, hand));
