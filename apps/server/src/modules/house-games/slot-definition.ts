import type { SlotDefinition } from './slot-engine';

/**
 * The house slot "Fruit Fortune" (game code HOUSE_SLOT): 5 reels × 3 rows, 20 fixed paylines, WILD
 * substituting for every symbol but SCATTER, SCATTER paying anywhere (× the stake) and 3+ scatters
 * awarding 10 free spins at ×2 that can retrigger. Data only; the rules are in slot-engine.ts and the exact
 * return in slot-rtp.ts (base game and free spins 95.6995%; `npm run bench` prints it).
 */
export const houseSlotGameCode = 'HOUSE_SLOT';

// prettier-ignore
const reelA = [
  'BELL', 'MELON', 'PLUM', 'SEVEN', 'LEMON', 'ORANGE', 'CHERRY', 'WILD',
  'LEMON', 'CHERRY', 'BELL', 'MELON', 'PLUM', 'ORANGE', 'SCATTER', 'SEVEN',
  'LEMON', 'CHERRY', 'BELL', 'MELON', 'PLUM', 'ORANGE', 'WILD', 'LEMON',
  'CHERRY', 'SEVEN', 'BELL', 'MELON', 'PLUM', 'ORANGE', 'LEMON', 'CHERRY',
] as const;

// prettier-ignore
const reelB = [
  'MELON', 'BELL', 'PLUM', 'SEVEN', 'ORANGE', 'CHERRY', 'LEMON', 'WILD',
  'MELON', 'CHERRY', 'BELL', 'PLUM', 'ORANGE', 'LEMON', 'SCATTER', 'SEVEN',
  'MELON', 'CHERRY', 'BELL', 'PLUM', 'ORANGE', 'LEMON', 'WILD', 'MELON',
  'CHERRY', 'SEVEN', 'BELL', 'PLUM', 'MELON', 'ORANGE', 'LEMON', 'CHERRY',
] as const;

export const houseSlot: SlotDefinition = {
  rows: 3,
  reels: [reelA, reelB, reelB, reelB, reelA],
  // Rows 0 (top), 1 (middle), 2 (bottom), one per reel from left to right.
  paylines: [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
    [2, 1, 0, 1, 2],
    [0, 0, 1, 2, 2],
    [2, 2, 1, 0, 0],
    [1, 0, 0, 0, 1],
    [1, 2, 2, 2, 1],
    [0, 1, 1, 1, 0],
    [2, 1, 1, 1, 2],
    [1, 0, 1, 2, 1],
    [1, 2, 1, 0, 1],
    [0, 1, 0, 1, 0],
    [2, 1, 2, 1, 2],
    [1, 1, 0, 1, 1],
    [1, 1, 2, 1, 1],
    [0, 0, 2, 0, 0],
    [2, 2, 0, 2, 2],
    [0, 2, 0, 2, 0],
  ],
  wild: 'WILD',
  scatter: 'SCATTER',
  // Line-bet units for 0, 1, 2, 3, 4 and 5 in a row from the left.
  linePays: {
    WILD: [0, 0, 0, 50, 200, 1000],
    SEVEN: [0, 0, 0, 25, 100, 500],
    BELL: [0, 0, 0, 15, 50, 200],
    MELON: [0, 0, 0, 10, 30, 120],
    PLUM: [0, 0, 0, 8, 20, 80],
    ORANGE: [0, 0, 0, 5, 15, 50],
    LEMON: [0, 0, 0, 4, 10, 40],
    CHERRY: [0, 0, 2, 3, 8, 30],
  },
  scatterPays: [0, 0, 0, 2, 10, 50],
  freeSpinsAwarded: [0, 0, 0, 10, 10, 10],
  freeSpinMultiplier: 2,
};

/**
 * The progressive jackpot of the house slot. Every paid spin puts `contributionBasisPoints` of its stake into
 * the pool (in the same ledger posting as the bet) and wins the whole pool with probability stake ÷
 * `oddsStake`, drawn fairly after the reels. The house refills the pool with `seedAmount` when it is won.
 * Over time the pool pays out everything contributed plus one seed per win, so the jackpot's share of the
 * return is contribution + seed ÷ oddsStake (1% + 0.1%), the same for every bet because the odds grow
 * with the stake.
 */
export const houseJackpotRules = {
  contributionBasisPoints: 100,
  seedAmount: '1000.00',
  oddsStake: '1000000.00',
} as const;
