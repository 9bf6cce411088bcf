/**
 * The thresholds of a brand that saved none of its own. Amounts in whole units of the brand's currency (10,000 of
 * it), scaled to minor units by the currency's exponent where they are read.
 */
export const amlDefaults = {
  largeDepositUnits: 10_000n,
  largeWithdrawalUnits: 10_000n,
  /** A withdrawal is flagged when the valid bets since the previous one are below 30 % of the deposits since. */
  littlePlayPercent: 30,
  /** Three accounts on one device, network address or payout account. */
  sharedAccountsMin: 3,
  /** Ten transfers, or 50,000 units, from one agent to its line within an hour. */
  transferWindowMinutes: 60,
  transferCountMin: 10,
  transferAmountUnits: 50_000n,
} as const;

/** How many ledger transactions, and related members, a flag's evidence keeps at most. */
export const evidenceListLimit = 50;
