import { createFairIntegerStream, drawFairIntegers } from '../fairness';
import { type BaccaratHand, baccaratBetKinds, baccaratReturn, dealBaccarat } from './baccarat.rules';
import {
  dealDragonTiger,
  dragonTigerBetKinds,
  type DragonTigerHand,
  dragonTigerReturn,
} from './dragon-tiger.rules';
import { colourOf, rouletteSpots, spinRoulette } from './roulette.rules';
import { cardCode, cardsPerDeck, decksPerShoe, shuffleShoe } from './shoe';
import type { TableGame, TableSettings } from './table-config';

/**
 * A round's result from its commitment, free of the database so verification reruns exactly this:
 * - baccarat: the table's shoe `shuffleShoe(stream({ serverSeed: shoe seed, clientSeed, nonce: 0 }))`, the
 *   coup dealt from the round's recorded start position;
 * - dragon tiger: the round's own shoe `shuffleShoe(stream({ serverSeed, clientSeed, nonce }))`, from 0;
 * - roulette: `spinRoulette(stream({ serverSeed, clientSeed, nonce }))`.
 */

export type DealtStep = { atMs: number; value: string; side?: string };

export type TableResult =
  | { game: 'BACCARAT'; hand: BaccaratHand }
  | { game: 'DRAGON_TIGER'; hand: DragonTigerHand }
  | { game: 'ROULETTE'; pocket: number };

export type RoundSeeds = { serverSeed: string; clientSeed: string; nonce: number; shoePosition: number };

export const shoeCardCount = decksPerShoe * cardsPerDeck;

/**
 * Where a shoe's cut card lies: 60 to 80 cards before its end, drawn from the shoe's own seed (nonce 1), so
 * it is fixed by the commitment too. A round starts only before the cut card, and a coup takes at most six
 * cards, so a shoe never runs out.
 */
export const cutPositionOf = (serverSeed: string, clientSeed: string): number =>
  shoeCardCount - 80 + (drawFairIntegers({ serverSeed, clientSeed, nonce: 1 }, [21])[0] ?? 0);

/** Deals a round from its seeds. */
export const dealTableRound = (game: TableGame, seeds: RoundSeeds): TableResult => {
  switch (game) {
    case 'BACCARAT': {
      const shoe = shuffleShoe(createFairIntegerStream({ ...seeds, nonce: 0 }));
      return { game, hand: dealBaccarat(shoe, seeds.shoePosition) };
    }
    case 'DRAGON_TIGER':
      return { game, hand: dealDragonTiger(shuffleShoe(createFairIntegerStream(seeds)), 0) };
    case 'ROULETTE':
      return { game, pocket: spinRoulette(createFairIntegerStream(seeds)) };
  }
};

export const cardsUsedOf = (result: TableResult): number =>
  result.game === 'ROULETTE' ? 0 : result.hand.cardsUsed;

/** The steps the page reveals after the close, each with its offset from the close. */
export const stepsOf = (result: TableResult, settings: TableSettings): DealtStep[] => {
  const step = settings.cardStepMs;
  switch (result.game) {
    case 'BACCARAT': {
      const { player, banker } = result.hand;
      const steps: DealtStep[] = [];
      const push = (side: string, code: string | undefined) => {
        if (code !== undefined) steps.push({ atMs: (steps.length + 1) * step, value: code, side });
      };
      for (let index = 0; index < 2; index += 1) {
        const playerCard = player[index];
        const bankerCard = banker[index];
        push('player', playerCard && cardCode(playerCard));
        push('banker', bankerCard && cardCode(bankerCard));
      }
      const playerThird = player[2];
      const bankerThird = banker[2];
      push('player', playerThird && cardCode(playerThird));
      push('banker', bankerThird && cardCode(bankerThird));
      return steps;
    }
    case 'DRAGON_TIGER':
      return [
        { atMs: step, value: cardCode(result.hand.dragon), side: 'dragon' },
        { atMs: 2 * step, value: cardCode(result.hand.tiger), side: 'tiger' },
      ];
    case 'ROULETTE':
      return [{ atMs: settings.spinMs, value: String(result.pocket), side: colourOf(result.pocket) }];
  }
};

/** How long the reveal takes after the close, the result's hold included. */
export const revealMsOf = (steps: readonly DealtStep[], settings: TableSettings): number =>
  Math.max(0, ...steps.map((step) => step.atMs)) + settings.resultHoldMs;

/** What a bet on `spot` returns on the result (see the rules files for the odds). */
export const returnOf = (result: TableResult, spot: string, stake: bigint): bigint => {
  switch (result.game) {
    case 'BACCARAT': {
      const kind = baccaratBetKinds.find((candidate) => candidate === spot);
      if (kind === undefined) throw new RangeError(`"${spot}" is not a baccarat bet`);
      return baccaratReturn({ kind, stake }, result.hand);
    }
    case 'DRAGON_TIGER': {
      const kind = dragonTigerBetKinds.find((candidate) => candidate === spot);
      if (kind === undefined) throw new RangeError(`"${spot}" is not a dragon tiger bet`);
      return dragonTigerReturn({ kind, stake }, result.hand);
    }
    case 'ROULETTE': {
      const found = rouletteSpots.get(spot);
      if (found === undefined) throw new RangeError(`"${spot}" is not a roulette spot`);
      return found.numbers.includes(result.pocket) ? stake + stake * found.pays : 0n;
    }
  }
};

/** The result as stored and shown: cards as codes. */
export const resultView = (result: TableResult): Record<string, unknown> => {
  switch (result.game) {
    case 'BACCARAT': {
      const { hand } = result;
      return {
        player: hand.player.map(cardCode),
        banker: hand.banker.map(cardCode),
        playerTotal: hand.playerTotal,
        bankerTotal: hand.bankerTotal,
        outcome: hand.outcome,
        natural: hand.natural,
        playerPair: hand.playerPair,
        bankerPair: hand.bankerPair,
      };
    }
    case 'DRAGON_TIGER':
      return {
        dragon: cardCode(result.hand.dragon),
        tiger: cardCode(result.hand.tiger),
        outcome: result.hand.outcome,
        suitedTie: result.hand.suitedTie,
      };
    case 'ROULETTE':
      return { pocket: result.pocket, colour: colourOf(result.pocket) };
  }
};
