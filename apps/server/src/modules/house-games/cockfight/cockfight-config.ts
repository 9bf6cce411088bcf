/** The arena's rules and the simulated arena's timing; every duration in milliseconds. */
export type CockfightSettings = {
  /** The house's share of the meron and wala pools when one of them wins, in basis points (500 = 5 %). */
  commissionBasisPoints: number;
  /** What a draw bet returns per unit staked, stake included. */
  drawMultiplier: number;
  /** Limits a fight gets when its schedule names none, as decimals of the brand's currency. */
  minStake: string;
  maxPerPlayer: string;
  maxPerFight: string;
  /** Simulated arena: how long a fight takes bets before its last call, and the last call itself. */
  openMs: number;
  lastCallMs: number;
  /** Simulated arena: from the close to the result (the fight itself). */
  fightMs: number;
  /** Simulated arena: after a fight is over until the next opens. */
  pauseMs: number;
  tickMs: number;
  leaseMs: number;
  /** Bets settled per transaction. */
  settleChunkSize: number;
  /** Finished fights shown in the results history. */
  historySize: number;
};

export const defaultCockfightSettings: CockfightSettings = {
  commissionBasisPoints: 500,
  drawMultiplier: 8,
  minStake: '1.00',
  maxPerPlayer: '5000.00',
  maxPerFight: '1000000.00',
  openMs: 20_000,
  lastCallMs: 8_000,
  fightMs: 6_000,
  pauseMs: 6_000,
  tickMs: 500,
  leaseMs: 5_000,
  settleChunkSize: 500,
  historySize: 40,
};
