/**
 * What each kind of account is. Member kinds belong to one member and never go below zero. System kinds
 * belong to the brand and may: the house is owed what players win, a clearing account is what a provider
 * or a payment gateway owes or is owed. House and provider clearing are touched by every bet, so their
 * balance is spread over shards (see `ledger_balances`) and postings lock one shard each, picked from the
 * idempotency key, instead of all waiting on one row. A new kind is one line here.
 */
export const accountKindRules = {
  member_cash: { owner: 'member', mayGoNegative: false, shardCount: 1 },
  agent_cash: { owner: 'member', mayGoNegative: false, shardCount: 1 },
  /**
   * Bonus money: playable after the member's cash, never withdrawable; it becomes cash when its wagering is
   * met or returns to the house (the `promotion` account) when it expires or is forfeited.
   */
  member_bonus: { owner: 'member', mayGoNegative: false, shardCount: 1 },
  /** Money reserved from the member's cash: pending withdrawals and anything else that waits. */
  member_hold: { owner: 'member', mayGoNegative: false, shardCount: 1 },
  /** A member's balance inside one game vendor (scope: the vendor code) when the brand uses transfer wallets. */
  game_wallet: { owner: 'member', mayGoNegative: false, shardCount: 1 },
  /** Loyalty points (currency PTS): earned by play, missions and deposits, spent in the points mall. */
  member_points: { owner: 'member', mayGoNegative: false, shardCount: 1 },
  house: { owner: 'system', mayGoNegative: true, shardCount: 32 },
  provider_clearing: { owner: 'system', mayGoNegative: true, shardCount: 32 },
  payment_clearing: { owner: 'system', mayGoNegative: true, shardCount: 8 },
  promotion: { owner: 'system', mayGoNegative: true, shardCount: 8 },
  /** The other side of an operator's manual adjustment (corrections, goodwill), audited with its reason. */
  adjustment: { owner: 'system', mayGoNegative: true, shardCount: 1 },
  /** What the platform pays agents under platform-paid contracts (dividends and salaries). */
  agent_commission: { owner: 'system', mayGoNegative: true, shardCount: 8 },
  /**
   * A progressive jackpot's pool (scope: the game code), fed by every bet of its game; sharded, so a shard may
   * dip below zero when the whole pool is paid from it (the sum never does).
   */
  jackpot_pool: { owner: 'system', mayGoNegative: true, shardCount: 8 },
  /**
   * The chips members have on the house's card tables (scope: the game code): buy-ins in, cash-outs and the
   * rake out; between those the chips change hands on the tables' own rows. Sharded like a pool, so a shard
   * may dip below zero; the sum is what the open seats and the hands in play hold.
   */
  table_stacks: { owner: 'system', mayGoNegative: true, shardCount: 8 },
  /** Where loyalty points come from and return to (currency PTS): what members hold is what it has given. */
  loyalty_points: { owner: 'system', mayGoNegative: true, shardCount: 8 },
} as const satisfies Record<
  string,
  { owner: 'member' | 'system'; mayGoNegative: boolean; shardCount: number }
>;

export type AccountKind = keyof typeof accountKindRules;
export type MemberAccountKind = {
  [Kind in AccountKind]: (typeof accountKindRules)[Kind]['owner'] extends 'member' ? Kind : never;
}[AccountKind];
export type SystemAccountKind = Exclude<AccountKind, MemberAccountKind>;

/** A member's own money, from which holds are reserved. */
export const spendableKinds: ReadonlySet<string> = new Set<MemberAccountKind>(['member_cash', 'agent_cash']);
