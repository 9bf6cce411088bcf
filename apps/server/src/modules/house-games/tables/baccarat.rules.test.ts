import { describe, expect, it } from 'vitest';
import {
  baccaratReturn,
  type BaccaratBetKind,
  type BaccaratHand,
  bankerDraws,
  dealBaccarat,
  handTotal,
  playerDraws,
  settleBaccarat,
} from './baccarat.rules';
import { type Card, cardCode, parseCard } from './shoe';

/** A shoe from codes, dealt Player, Banker, Player, Banker, then the third cards. */
const shoeOf = (...cardCodes: string[]): Card[] => cardCodes.map(parseCard);
const codes = (cards: readonly Card[]) => cards.map(cardCode);

/**
 * The banker's drawing table as printed on every baccarat layout: D draws, S stands; columns by the value
 * of the player's third card, last column when the player stood. Rows 8 and 9 are naturals (nobody draws).
 */
const bankerTable: Record<number, string> = {
  //      player's third card  0 1 2 3 4 5 6 7 8 9 | player stood
  0: 'D D D D D D D D D D | D',
  1: 'D D D D D D D D D D | D',
  2: 'D D D D D D D D D D | D',
  3: 'D D D D D D D D S D | D',
  4: 'S S D D D D D D S S | D',
  5: 'S S S S D D D D S S | D',
  6: 'S S S S S S D D S S | S',
  7: 'S S S S S S S S S S | S',
};
const bankerShouldDraw = (bankerTotal: number, playerThird: number | null): boolean => {
  const [drew = '', stood = ''] = (bankerTable[bankerTotal] ?? '').split('|');
  const cell = playerThird === null ? stood.trim() : drew.trim().split(' ')[playerThird];
  if (cell === undefined || cell === '') throw new Error(`no cell for ${bankerTotal}/${String(playerThird)}`);
  return cell === 'D';
};

/** The code of a card worth `value` points: a ten for 0, an ace for 1. */
const cardOfValue = (value: number, suit: string): string =>
  `${value === 0 ? 'T' : value === 1 ? 'A' : String(value)}${suit}`;
/** Two cards of a total without a pair (a king and the total's card, or a king and a queen for 0). */
const twoCardsOf = (total: number, suit: string): string[] => [
  `K${suit}`,
  total === 0 ? `Q${suit}` : cardOfValue(total, suit),
];

describe('the third-card rules', () => {
  it('let the player draw on 0–5 and stand on 6–7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(playerDraws)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('let the banker draw as the printed table says, for every banker total and player third card', () => {
    for (let banker = 0; banker <= 7; banker += 1) {
      for (const third of [null, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
        expect(bankerDraws(banker, third), `banker ${banker}, player third ${String(third)}`).toBe(
          bankerShouldDraw(banker, third),
        );
      }
    }
  });

  it('deal every player total × banker total × player third card as the rules say', () => {
    let hands = 0;
    for (let playerTwo = 0; playerTwo <= 9; playerTwo += 1) {
      for (let bankerTwo = 0; bankerTwo <= 9; bankerTwo += 1) {
        for (let third = 0; third <= 9; third += 1) {
          const [p1 = '', p2 = ''] = twoCardsOf(playerTwo, 'S');
          const [b1 = '', b2 = ''] = twoCardsOf(bankerTwo, 'H');
          const fifth = cardOfValue(third, 'D');
          const shoe = shoeOf(p1, b1, p2, b2, fifth, '3C', '4C');
          const hand = dealBaccarat(shoe);
          const label = `player ${playerTwo}, banker ${bankerTwo}, fifth card ${third}`;

          const natural = playerTwo >= 8 || bankerTwo >= 8;
          const playerDrew = !natural && playerTwo <= 5;
          const bankerDrew = !natural && bankerShouldDraw(bankerTwo, playerDrew ? third : null);
          const expectedPlayer = [p1, p2, ...(playerDrew ? [fifth] : [])];
          const bankerThird = playerDrew ? '3C' : fifth;
          const expectedBanker = [b1, b2, ...(bankerDrew ? [bankerThird] : [])];
          expect(codes(hand.player), label).toEqual(expectedPlayer);
          expect(codes(hand.banker), label).toEqual(expectedBanker);
          expect(hand.natural, label).toBe(natural);
          expect(hand.cardsUsed, label).toBe(expectedPlayer.length + expectedBanker.length);

          const playerTotal = (playerTwo + (playerDrew ? third : 0)) % 10;
          const bankerTotal = (bankerTwo + (bankerDrew ? (playerDrew ? 3 : third) : 0)) % 10;
          expect([hand.playerTotal, hand.bankerTotal], label).toEqual([playerTotal, bankerTotal]);
          const outcome = playerTotal > bankerTotal ? 'player' : playerTotal < bankerTotal ? 'banker' : 'tie';
          expect(hand.outcome, label).toBe(outcome);
          expect([hand.playerPair, hand.bankerPair], label).toEqual([false, false]);
          hands += 1;
        }
      }
    }
    expect(hands).toBe(1000);
  });
});

describe('hands', () => {
  it('stop on a natural on either side', () => {
    const hand = dealBaccarat(shoeOf('4S', 'KH', '5D', '7C', '9S', '9H'));
    expect(hand).toMatchObject({
      playerTotal: 9,
      bankerTotal: 7,
      natural: true,
      outcome: 'player',
      cardsUsed: 4,
    });
    const bankerNatural = dealBaccarat(shoeOf('2S', '3H', '2D', '5C', '9S', '9H'));
    expect(bankerNatural).toMatchObject({ playerTotal: 4, bankerTotal: 8, natural: true, outcome: 'banker' });
    expect(bankerNatural.player).toHaveLength(2);
  });

  it('count points modulo 10', () => {
    // Player 7 + 8 = 15 → 5, draws 9 → 14 → 4; banker 6 + K = 6 stands on the player's 9.
    const hand = dealBaccarat(shoeOf('7S', '6H', '8D', 'KC', '9S', '2H'));
    expect(codes(hand.player)).toEqual(['7S', '8D', '9S']);
    expect(codes(hand.banker)).toEqual(['6H', 'KC']);
    expect(hand).toMatchObject({ playerTotal: 4, bankerTotal: 6, outcome: 'banker', cardsUsed: 5 });
    expect(handTotal(shoeOf('9S', '9H', '9D'))).toBe(7);
  });

  it('let the banker draw the card after the player’s third', () => {
    // Player A + 2 = 3 draws 4 → 7; banker 2 + 3 = 5 draws on a 4: 5 + 2 = 7, a tie.
    const hand = dealBaccarat(shoeOf('AS', '2H', '2D', '3C', '4S', '2S', 'KD'));
    expect(codes(hand.banker)).toEqual(['2H', '3C', '2S']);
    expect(hand).toMatchObject({ playerTotal: 7, bankerTotal: 7, outcome: 'tie', cardsUsed: 6 });
  });

  it('see pairs of the same rank in the first two cards only', () => {
    // Player K K = 0 draws 2; banker 8 8 = 6 stands on a 2.
    const pairs = dealBaccarat(shoeOf('KS', '8H', 'KD', '8C', '2S'));
    expect(pairs).toMatchObject({ playerPair: true, bankerPair: true, playerTotal: 2, bankerTotal: 6 });
    const faces = dealBaccarat(shoeOf('KS', 'AH', 'QD', 'AC', '2S', '2H'));
    expect(faces).toMatchObject({ playerPair: false, bankerPair: true });
    // The player's third card matching its first does not make a pair.
    const third = dealBaccarat(shoeOf('2S', 'TH', '3D', 'TC', '2C', '9H'));
    expect(codes(third.player)).toEqual(['2S', '3D', '2C']);
    expect(third.playerPair).toBe(false);
  });

  it('deal from a start position and refuse to run past the shoe', () => {
    const shoe = shoeOf('9S', '9H', '4S', 'KH', '5D', '7C');
    expect(dealBaccarat(shoe, 2)).toMatchObject({ playerTotal: 9, bankerTotal: 7, cardsUsed: 4 });
    expect(() => dealBaccarat(shoeOf('AS', 'AH', 'AD', 'AC'))).toThrow(RangeError);
  });
});

const handWith = (
  outcome: BaccaratHand['outcome'],
  playerPair = false,
  bankerPair = false,
): BaccaratHand => ({
  player: [],
  banker: [],
  playerTotal: 0,
  bankerTotal: 0,
  natural: false,
  outcome,
  playerPair,
  bankerPair,
  cardsUsed: 4,
});
const returnOf = (kind: BaccaratBetKind, stake: bigint, hand: BaccaratHand) =>
  baccaratReturn({ kind, stake }, hand);

describe('payouts', () => {
  it('pay Player 1:1, lose on Banker and push on a tie', () => {
    expect(returnOf('player', 100n, handWith('player'))).toBe(200n);
    expect(returnOf('player', 100n, handWith('banker'))).toBe(0n);
    expect(returnOf('player', 100n, handWith('tie'))).toBe(100n);
  });

  it('pay Banker 0.95:1, the commission floored in the house’s favour, and push on a tie', () => {
    expect(returnOf('banker', 100n, handWith('banker'))).toBe(195n);
    expect(returnOf('banker', 10n, handWith('banker'))).toBe(19n); // 9.5 → 9
    expect(returnOf('banker', 33n, handWith('banker'))).toBe(64n); // 31.35 → 31
    expect(returnOf('banker', 1n, handWith('banker'))).toBe(1n); // 0.95 → 0
    expect(returnOf('banker', 2_000_000n, handWith('banker'))).toBe(3_900_000n);
    expect(returnOf('banker', 100n, handWith('player'))).toBe(0n);
    expect(returnOf('banker', 100n, handWith('tie'))).toBe(100n);
  });

  it('pay Tie 8:1 and nothing otherwise', () => {
    expect(returnOf('tie', 100n, handWith('tie'))).toBe(900n);
    expect(returnOf('tie', 100n, handWith('player'))).toBe(0n);
    expect(returnOf('tie', 100n, handWith('banker'))).toBe(0n);
  });

  it('pay each pair 11:1 whatever the outcome', () => {
    expect(returnOf('playerPair', 100n, handWith('banker', true, false))).toBe(1200n);
    expect(returnOf('bankerPair', 100n, handWith('banker', true, false))).toBe(0n);
    expect(returnOf('bankerPair', 25n, handWith('tie', false, true))).toBe(300n);
    expect(returnOf('playerPair', 25n, handWith('tie', false, true))).toBe(0n);
  });

  it('refuse a stake that is not positive', () => {
    expect(() => returnOf('player', 0n, handWith('player'))).toThrow(RangeError);
    expect(() => returnOf('tie', -5n, handWith('tie'))).toThrow(RangeError);
  });

  it('settle a round’s bets in order, keeping what the caller attached', () => {
    // Player 9 (4 + 5) against banker 7 (K + 7): Player wins, no pairs.
    const hand = dealBaccarat(shoeOf('4S', 'KH', '5D', '7C'));
    const settled = settleBaccarat(
      [
        { id: 'a', kind: 'player', stake: 50n },
        { id: 'b', kind: 'banker', stake: 50n },
        { id: 'c', kind: 'tie', stake: 10n },
        { id: 'd', kind: 'playerPair', stake: 10n },
      ],
      hand,
    );
    expect(settled.map(({ id, returned }) => [id, returned])).toEqual([
      ['a', 100n],
      ['b', 0n],
      ['c', 0n],
      ['d', 0n],
    ]);
  });
});

describe('the 8-deck game', () => {
  it('has the published probabilities and house edges', () => {
    // Every sequence of card values an 8-deck shoe can start with, weighted exactly (ten-valued: 128 cards,
    // each of 1–9: 32), dealt until the hand is decided.
    const counts = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32];
    const fallingFrom = (from: number, count: number) => {
      let product = 1n;
      for (let i = 0; i < count; i += 1) product *= BigInt(from - i);
      return product;
    };
    const denominator = fallingFrom(416, 6);
    const wins = { player: 0n, banker: 0n, tie: 0n };
    const explore = (values: number[], ways: bigint): void => {
      const shoe = [...values, 0, 0, 0, 0, 0, 0]
        .slice(0, 6)
        .map((value) => parseCard(cardOfValue(value, 'S')));
      const hand = dealBaccarat(shoe);
      if (hand.cardsUsed <= values.length) {
        wins[hand.outcome] += ways * fallingFrom(416 - values.length, 6 - values.length);
        return;
      }
      counts.forEach((count, value) => {
        if (count === 0) return;
        counts[value] = count - 1;
        explore([...values, value], ways * BigInt(count));
        counts[value] = count;
      });
    };
    explore([], 1n);
    expect(wins.player + wins.banker + wins.tie).toBe(denominator);
    const probability = (ways: bigint) => Number((ways * 10n ** 12n) / denominator) / 1e12;
    const [player, banker, tie] = [probability(wins.player), probability(wins.banker), probability(wins.tie)];
    expect(banker).toBeCloseTo(0.458597, 6);
    expect(player).toBeCloseTo(0.446247, 6);
    expect(tie).toBeCloseTo(0.095156, 6);
    // House edges: Banker 1.0579 %, Player 1.2351 %, Tie (8:1) 14.3596 %.
    expect(0.95 * banker - player).toBeCloseTo(-0.010579, 6);
    expect(player - banker).toBeCloseTo(-0.012351, 6);
    expect(9 * tie - 1).toBeCloseTo(-0.143596, 6);
  });
});
