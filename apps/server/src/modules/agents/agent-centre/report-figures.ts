import type { AgentFigures } from '@wps/contracts/agents';
import { formatMinorUnits } from '@wps/contracts/money';
import type { LedgerService } from '../../wallet/ledger.service';
import type { Figures } from '../agents.repository';

/** Formats minor units of the currency as the reports show them. */
export const amountFormatterFor = async (ledger: LedgerService, currency: string) => {
  const exponent = await ledger.getCurrencyExponent(currency);
  return (amount: bigint): string => formatMinorUnits(amount, exponent);
};

export const formatFigures = (figures: Figures, format: (amount: bigint) => string): AgentFigures => ({
  betCount: figures.betCount,
  betAmount: format(figures.betAmount),
  validBet: format(figures.validBet),
  payout: format(figures.payout),
  profitLoss: format(figures.profitLoss),
  depositCount: figures.depositCount,
  depositAmount: format(figures.depositAmount),
  withdrawalCount: figures.withdrawalCount,
  withdrawalAmount: format(figures.withdrawalAmount),
  bonusAmount: format(figures.bonusAmount),
});
