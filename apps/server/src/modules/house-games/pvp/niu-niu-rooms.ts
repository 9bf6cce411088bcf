import type { PvpStakeLevel } from '@wps/contracts/pvp';

/**
 * The Niu-Niu rooms every brand has, one 6-seat table per stake level. A table keeps its base stake in both
 * blind columns of `pvp_tables` (a Niu-Niu table has no blinds; `smallBlind = bigBlind = base stake`). The
 * buy-in is 100 to 1 000 base stakes: 100 covers the most a player can lose in one hand (4× bank × 5× bet ×
 * the 5× hand), and the settlement bounds every hand by the stacks anyway (niu-niu-settlement.ts). The rake
 * is 5 % of each winner's net win, at most 5 base stakes per hand.
 */
export const niuNiuRoomDefinitions = (
  [
    ['MICRO', 'Micro', '0.10', '0.50'],
    ['LOW', 'Low', '1', '5'],
    ['MID', 'Mid', '5', '25'],
  ] as const satisfies ReadonlyArray<readonly [PvpStakeLevel, string, string, string]>
).map(([level, label, baseStake, rakeCap]) => ({
  code: `NIUNIU-${level}-6`,
  game: 'NIUNIU' as const,
  level,
  name: `Niu-Niu ${label} ${baseStake} · 6-max`,
  seats: 6,
  smallBlind: baseStake,
  bigBlind: baseStake,
  rakeCap,
  buyInBigBlinds: [100n, 1_000n] as const,
}));
