/**
 * Agent contracts without zod (the site may import these at run time): kinds, periods, statuses and the
 * one rule that turns a period's figures into pay. `agent-contracts.ts` re-exports them with the schemas.
 */

/** Dividend (on the team's loss), daily salary, hourly salary and real-time salary (spec sections 1, 3, 9). */
export const contractKinds = ['DIVIDEND', 'DAILY_SALARY', 'HOURLY_SALARY', 'REALTIME_SALARY'] as const;
export type ContractKind = (typeof contractKinds)[number];

/**
 * Settlement periods. A dividend picks DAILY, WEEKLY (Monday to Sunday), SEMIMONTHLY (1st–15th, 16th–end) or
 * MONTHLY; a daily salary is DAILY, an hourly salary HOURLY and a real-time salary REALTIME (every 5 minutes).
 * Every period is a half-open interval [start, end) of the brand's clock (its IANA time zone).
 */
export const contractPeriods = ['HOURLY', 'DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY', 'REALTIME'] as const;
export type ContractPeriod = (typeof contractPeriods)[number];

export const periodsOfKind: Record<ContractKind, readonly ContractPeriod[]> = {
  DIVIDEND: ['DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'],
  DAILY_SALARY: ['DAILY'],
  HOURLY_SALARY: ['HOURLY'],
  REALTIME_SALARY: ['REALTIME'],
};

/**
 * PENDING: offered, waiting for the downline (a "new contract request"). ACTIVE: accepted; it may carry a
 * termination request of one side (`terminationRequestedBy`). REJECTED by the downline, CANCELLED (withdrawn by
 * the upline, or replaced by a newer offer), TERMINATED (see `contractTerminationReasons`).
 */
export const contractStatuses = ['PENDING', 'ACTIVE', 'REJECTED', 'CANCELLED', 'TERMINATED'] as const;
export type ContractStatus = (typeof contractStatuses)[number];

/**
 * BY_AGREEMENT: one side asked and the other confirmed. REPLACED: the downline accepted a newer contract of the
 * same kind from the same upline. HIGHER_RATE: the downline (as an upline itself) accepted a contract whose rate
 * is below this one's, which the spec terminates automatically. BY_OPERATOR: staff ended it.
 */
export const contractTerminationReasons = ['BY_AGREEMENT', 'REPLACED', 'HIGHER_RATE', 'BY_OPERATOR'] as const;
export type ContractTerminationReason = (typeof contractTerminationReasons)[number];

export const contractSides = ['UPLINE', 'DOWNLINE'] as const;
export type ContractSide = (typeof contractSides)[number];

/** Who pays: the upline agent from its own main wallet, or the platform (only staff offer those). */
export const contractPayers = ['UPLINE', 'PLATFORM'] as const;
export type ContractPayer = (typeof contractPayers)[number];

/** PAID; UNPAID: the payer lacked the money, retried on every run until paid; ZERO: nothing was due. */
export const contractPaymentStatuses = ['PAID', 'UNPAID', 'ZERO'] as const;
export type ContractPaymentStatus = (typeof contractPaymentStatuses)[number];

/** The actions of the four process endpoints (spec section 4 "Contracts"). */
export const contractActions = ['OFFER', 'ACCEPT', 'REJECT', 'CANCEL', 'TERMINATE'] as const;
export type ContractAction = (typeof contractActions)[number];

/** A rate is in basis points of the figure: 1 = 0.01 %, 10,000 = 100 %. */
export const basisPointsPerWhole = 10_000;
export const maxTiers = 10;

/**
 * A tier applies when the period's figure reaches `minFigure` (minor units) and the team had at least
 * `minActiveMembers` active members (a valid bet in the period). The figure is the team's loss for a dividend
 * and its valid bet for a salary. The pay is `figure × rateBasisPoints / 10,000`, rounded down to the minor unit.
 */
export type ContractTierRule = { minFigure: bigint; minActiveMembers: number; rateBasisPoints: number };

/** The tier with the highest rate among those the figures reach; undefined when none is reached. */
export const pickTier = <T extends ContractTierRule>(
  tiers: readonly T[],
  figure: bigint,
  activeMembers: number,
): T | undefined => {
  let best: T | undefined;
  for (const tier of tiers) {
    if (figure < tier.minFigure || activeMembers < tier.minActiveMembers) continue;
    if (!best || tier.rateBasisPoints > best.rateBasisPoints) best = tier;
  }
  return best;
};

/** What a period pays: zero when the figure is not positive or no tier is reached. */
export const computeContractPay = (
  tiers: readonly ContractTierRule[],
  figure: bigint,
  activeMembers: number,
): { amount: bigint; rateBasisPoints: number } => {
  if (figure <= 0n) return { amount: 0n, rateBasisPoints: 0 };
  const tier = pickTier(tiers, figure, activeMembers);
  if (!tier) return { amount: 0n, rateBasisPoints: 0 };
  return {
    amount: (figure * BigInt(tier.rateBasisPoints)) / BigInt(basisPointsPerWhole),
    rateBasisPoints: tier.rateBasisPoints,
  };
};

/** A contract's headline rate, compared by the auto-termination rule: its highest tier's rate. */
export const headlineRate = (tiers: readonly { rateBasisPoints: number }[]): number =>
  tiers.reduce((highest, tier) => Math.max(highest, tier.rateBasisPoints), 0);
