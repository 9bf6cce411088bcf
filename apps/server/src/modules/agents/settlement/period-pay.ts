import { computeContractPay } from '@wps/contracts/agent-contracts';
import type { SettlementCandidate, TeamFigures } from '../settlement.repository';

/** Salaries are paid on the team's valid bet, dividends on its loss (−profit and loss). */
const figureOf = (kind: string, figures: TeamFigures): bigint =>
  kind === 'dividend' ? -figures.profitLoss : figures.validBet;

/** What the contract's tiers pay on the team's figures: the reached tier with the highest rate. */
export const computePeriodPay = (
  contract: Pick<SettlementCandidate, 'kind' | 'tiers'>,
  team: TeamFigures,
) => {
  const tiers = contract.tiers.map((tier) => ({ ...tier, minFigure: BigInt(tier.minFigure) }));
  return computeContractPay(tiers, figureOf(contract.kind, team), team.activeMembers);
};

/** Real-time salary: the day's pay so far less what the day's earlier slots recorded, never below zero. */
export const subtractRecorded = (dayPay: bigint, recorded: bigint | undefined): bigint => {
  const delta = dayPay - (recorded ?? 0n);
  return delta > 0n ? delta : 0n;
};
