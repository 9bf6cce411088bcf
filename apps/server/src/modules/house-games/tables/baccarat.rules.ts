import { assertStake, type Odds, type Settled, winningReturn, settleEach } from './payout';
import { baccaratValue, type Card, cardAt } from './shoe';

/**
 * Punto banco from a shoe, free of money storage and of the database. The cards are dealt Player, Banker,
 * Player, Banker from the start position, then the player's third card if it draws, then the banker's.
 *
 * Third-card rules (nobody draws when either side's first two cards make 8 or 9, a natural):
 * - the player draws on 0–5 and stands on 6–7;
 * - if the player stood, the banker draws on 0–5 and stands on 6–7;
 * - otherwise the banker draws by its total and the value of the player's third card:
 *   0–2 always; 3 unless that card is 8; 4 on 2–7; 5 on 4–7; 6 on 6–7; 7 never.
 *
 * Pays: Player 1:1, Banker 0.95:1 (5 % commission, the win floored to the minor unit), Tie 8:1, Player pair
 * and Banker pair 11:1 (the side's first two cards of the same rank: two kings, not a king and a queen).
 * Player and Banker bets push on a tie.
 */

export type BaccaratOutcome = 'player' | 'banker' | 'tie';

export type BaccaratHand = {
  /** In the order dealt: the first two cards, then the third if drawn. */
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  /** Either side's first two cards made 8 or 9, so nobody drew. */
  natural: boolean;
  outcome: BaccaratOutcome;
  playerPair: boolean;
  bankerPair: boolean;
  /** Cards taken from the shoe: 4 to 6. */
  cardsUsed: number;
};

export const baccaratBetKinds = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;
export type BaccaratBetKind = (typeof baccaratBetKinds)[number];
export type BaccaratBet = { kind: BaccaratBetKind; stake: bigint };

export const baccaratOdds: Readonly<Record<BaccaratBetKind, Odds>> = {
  player: { win: 1n, per: 1n },
  banker: { win: 95n, per: 100n },
  tie: { win: 8n, per: 1n },
  playerPair: { win: 11n, per: 1n },
  bankerPair: { win: 11n, per: 1n },
};

/** The points of a hand: the sum of its cards' values modulo 10. */
export const handTotal = (cards: readonly Card[]): number =>
  cards.reduce((total, card) => total + baccaratValue(card), 0) % 10;

/** Whether the player, with no natural on either side, draws a third card on its two-card total. */
export const playerDraws = (playerTotal: number): boolean => playerTotal <= 5;

/**
 * Whether the banker, with no natural on either side, draws on its two-card total, given the baccarat value
 * of the player's third card (0–9) or null when the player stood.
 */
export const bankerDraws = (bankerTotal: number, playerThird: number | null): boolean => {
  if (playerThird === null) return bankerTotal <= 5;
  if (bankerTotal <= 2) return true;
  if (bankerTotal === 3) return playerThird !== 8;
  if (bankerTotal === 4) return playerThird >= 2 && playerThird <= 7;
  if (bankerTotal === 5) return playerThird >= 4 && playerThird <= 7;
  if (bankerTotal === 6) return playerThird >= 6 && playerThird <= 7;
  return false;
};

const isPair = ([first, second]: readonly Card[]): boolean =>
  first !== undefined && second !== undefined && first.rank === second.rank;

/** One coup dealt from `shoe` starting at `position` (the top of a round's own shoe: 0). */
export const dealBaccarat = (shoe: readonly Card[], position = 0): BaccaratHand => {
  let next = position;
  const take = (): Card => {
    const card = cardAt(shoe, next);
    next += 1;
    return card;
  };
  const player = [take()];
  const banker = [take()];
  player.push(take());
  banker.push(take());
  const natural = handTotal(player) >= 8 || handTotal(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (playerDraws(handTotal(player))) {
      const card = take();
      player.push(card);
      playerThird = baccaratValue(card);
    }
    if (bankerDraws(handTotal(banker), playerThird)) banker.push(take());
  }
  const playerTotal = handTotal(player);
  const bankerTotal = handTotal(banker);
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    natural,
    outcome: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    playerPair: isPair(player),
    bankerPair: isPair(banker),
    cardsUsed: next - position,
  };
};

const betWins = (kind: BaccaratBetKind, hand: BaccaratHand): boolean => {
  switch (kind) {
    case 'player':
    case 'banker':
    case 'tie':
      return hand.outcome === kind;
    case 'playerPair':
      return hand.playerPair;
    case 'bankerPair':
      return hand.bankerPair;
  }
};

/** What one bet returns on the hand: 0, the stake (a Player or Banker bet on a tie), or stake plus win. */
export const baccaratReturn = (bet: BaccaratBet, hand: BaccaratHand): bigint => {
  assertStake(bet.stake);
  if (betWins(bet.kind, hand)) return winningReturn(bet.stake, baccaratOdds[bet.kind]);
  const pushes = hand.outcome === 'tie' && (bet.kind === 'player' || bet.kind === 'banker');
  return pushes ? bet.stake : 0n;
};

/** Every bet with its return, in the order given. */
export const settleBaccarat = <B extends BaccaratBet>(bets: readonly B[], hand: BaccaratHand): Settled<B>[] =>
  settleEach(bets, (bet) => baccaratReturn(bet, hand));
