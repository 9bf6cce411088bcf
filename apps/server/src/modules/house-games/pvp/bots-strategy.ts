import type { PvpActionKind } from '@wps/contracts/pvp';
import type { Card } from '../tables/shoe';
import { evaluateHand, type HandCategory, pokerRank } from './hand-evaluator';
import type { HoldemOptions } from './holdem-engine';

/**
 * How a house bot plays hold'em: a fixed rule of hand strength against pot odds, with no randomness, so the
 * same cards and the same bets always give the same move (and tests know it).
 *
 * A bot knows only what a player in its seat sees: its two hole cards, the board dealt so far, the chips in
 * the pot and its own options. It never reads another player's cards or the cards still to come (the
 * caller, bots-driver.ts, hands it exactly that).
 *
 * Strength, a number from 0 to 1:
 * - Before the flop, the Chen formula of the two cards, over 20 (pocket aces 20, seven-deuce off-suit −1):
 *   the higher card's points (ace 10, king 8, queen 7, jack 6, else half its rank); a pair doubles them (at
 *   least 5); suited +2; 1, 2, 3, or 4 and more ranks missing between the two cost 1, 2, 4 or 5; connected or
 *   one-gapped cards both below a queen +1; halves round up.
 * - After it, the best hand of the hole cards and the board, by category: high card 0.15, a pair 0.35 (deuces)
 *   to 0.6 (aces), two pair 0.7, three of a kind 0.78, straight 0.85, flush 0.88, full house 0.93, four of a
 *   kind 0.97, straight flush 1. A pair, two pair, trips, full house or quads that none of the bot's own
 *   cards is part of is the board's (everyone has it): 0.15. With five board cards, a hand no better than the
 *   board's own is 0.1. Before the river a flush draw (four of a suit, one of them the bot's) or an
 *   open-ended straight draw adds 0.12 to a hand below two pair.
 *
 * The move, with `price` = what a call adds ÷ (the pot + that call):
 * - Nothing to call: strength ≥ 0.7 bets (or raises the big blind's option) to ⅔ of the pot (before the
 *   flop: 3 big blinds), within the allowed raise; else check.
 * - A bet to call: strength ≥ 0.85 raises to 3 × the bet, within the allowed raise; strength ≥ price calls
 *   (all in when the call takes the whole stack); else fold.
 */

export type BotSituation = {
  holeCards: readonly Card[];
  /** The board cards dealt so far (0, 3, 4 or 5). */
  board: readonly Card[];
  options: HoldemOptions;
  /** Every chip put in the hand so far. */
  pot: bigint;
  /** The bet to match this street. */
  currentBet: bigint;
  bigBlind: bigint;
};

export type BotMove = { kind: PvpActionKind; amount: bigint | null };

export const betStrength = 0.7;
export const raiseStrength = 0.85;

const faceValue = (rank: number): number => {
  if (rank === 14) return 10;
  if (rank === 13) return 8;
  if (rank === 12) return 7;
  if (rank === 11) return 6;
  return rank / 2;
};

/** The Chen formula of two hole cards (−1 … 20). */
export const chenScore = (holeCards: readonly Card[]): number => {
  const [first, second] = holeCards;
  if (!first || !second) return 0;
  const high = Math.max(pokerRank(first), pokerRank(second));
  const low = Math.min(pokerRank(first), pokerRank(second));
  if (high === low) return Math.ceil(Math.max(5, faceValue(high) * 2));
  let score = faceValue(high);
  if (first.suit === second.suit) score += 2;
  const gap = high - low - 1;
  score -= gap === 0 ? 0 : gap === 1 ? 1 : gap === 2 ? 2 : gap === 3 ? 4 : 5;
  if (gap <= 1 && high < 12) score += 1;
  return Math.ceil(score);
};

const categoryStrength: Readonly<Record<HandCategory, number>> = {
  highCard: 0.15,
  pair: 0.35,
  twoPair: 0.7,
  threeOfAKind: 0.78,
  straight: 0.85,
  flush: 0.88,
  fullHouse: 0.93,
  fourOfAKind: 0.97,
  straightFlush: 1,
};

/** Categories made of ranks held more than once (the tiebreak's leading ranks). */
const madeRanks: Partial<Record<HandCategory, number>> = {
  pair: 1,
  twoPair: 2,
  threeOfAKind: 1,
  fullHouse: 2,
  fourOfAKind: 1,
};

const hasFlushDraw = (holeCards: readonly Card[], board: readonly Card[]): boolean =>
  holeCards.some((hole) => [...holeCards, ...board].filter((card) => card.suit === hole.suit).length === 4);

const hasOpenEndedDraw = (cards: readonly Card[]): boolean => {
  const ranks = new Set(cards.map(pokerRank));
  // Four in a row with room at both ends (not ace-high, nor down to the ace).
  for (let low = 2; low <= 10; low += 1) {
    if ([0, 1, 2, 3].every((step) => ranks.has(low + step))) return true;
  }
  return false;
};

/** The bot's strength (0 … 1) of its cards on the board so far; see the header. */
export const handStrength = (holeCards: readonly Card[], board: readonly Card[]): number => {
  if (board.length === 0) return Math.max(0, Math.min(1, chenScore(holeCards) / 20));
  const cards = [...holeCards, ...board];
  const value = evaluateHand(cards);
  if (board.length === 5 && evaluateHand(board).score >= value.score) return 0.1;
  const made = madeRanks[value.category];
  const holeRanks = new Set(holeCards.map(pokerRank));
  if (made !== undefined && !value.tiebreak.slice(0, made).some((rank) => holeRanks.has(rank))) return 0.15;
  let strength = categoryStrength[value.category];
  if (value.category === 'pair') strength += (((value.tiebreak[0] ?? 2) - 2) / 12) * 0.25;
  const isDrawing = board.length < 5 && (hasFlushDraw(holeCards, board) || hasOpenEndedDraw(cards));
  if (isDrawing && strength < categoryStrength.twoPair) strength += 0.12;
  return strength;
};

const clamp = (amount: bigint, low: bigint, high: bigint): bigint =>
  amount < low ? low : amount > high ? high : amount;

const raiseTo = (options: HoldemOptions, wanted: bigint): BotMove => ({
  kind: 'RAISE',
  amount: clamp(wanted, options.minRaiseTo, options.maxRaiseTo),
});

/** The bot's move: always one the rules allow in `situation.options`. */
export const decideBotMove = (situation: BotSituation): BotMove => {
  const { options, pot, currentBet, bigBlind, board } = situation;
  const strength = handStrength(situation.holeCards, board);
  if (options.canCheck) {
    if (strength < betStrength || !options.canRaise) return { kind: 'CHECK', amount: null };
    return raiseTo(options, board.length === 0 ? bigBlind * 3n : (pot * 2n) / 3n);
  }
  if (strength >= raiseStrength && options.canRaise) return raiseTo(options, currentBet * 3n);
  const price = Number(options.callAmount) / Number(pot + options.callAmount);
  return strength >= price ? { kind: 'CALL', amount: null } : { kind: 'FOLD', amount: null };
};
