import { AppError } from '../../../http/app-error';
import type { PostingRequest } from '../../wallet/ledger.service';
import type { SettlementCandidate } from '../settlement.repository';
import type { SettlementContext } from './settlement-context';

/** Ledger transaction kinds: the account record shows them under "salary" (its first segment). */
const ledgerKinds: Record<string, string> = {
  dividend: 'salary.dividend',
  daily_salary: 'salary.daily',
  hourly_salary: 'salary.hourly',
  realtime_salary: 'salary.realtime',
};

export type PayAccounts = { payer: bigint; payee: bigint };

/** A period's pay as posted: whose contract, which period, how much. */
export type PeriodPayment = {
  brandId: bigint;
  contractId: bigint;
  kind: string;
  periodStart: Date;
  amount: bigint;
};

/** The payer short of money: the period stays UNPAID and later runs retry it. */
export const isInsufficientFunds = (error: unknown): boolean =>
  error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS';

/** The payer's account (the upline's cash, or the brand's agent commission account) and the downline's cash. */
export const findPayAccounts = async (
  { ledger, wallet }: Pick<SettlementContext, 'ledger' | 'wallet'>,
  contract: Pick<SettlementCandidate, 'brandId' | 'uplineId' | 'downlineId' | 'payer' | 'currency'>,
): Promise<PayAccounts> => {
  const [payer, payee] = await Promise.all([
    contract.payer === 'platform'
      ? ledger.ensureSystemAccount(contract.brandId, 'agent_commission', contract.currency)
      : wallet.cashAccount({ id: contract.uplineId, brandId: contract.brandId }, contract.currency),
    wallet.cashAccount({ id: contract.downlineId, brandId: contract.brandId }, contract.currency),
  ]);
  return { payer: payer.id, payee: payee.id };
};

/** The one posting of a contract's period; a retry builds the very same request (same key, same hash). */
export const periodPayPosting = (payment: PeriodPayment, accounts: PayAccounts): PostingRequest => ({
  brandId: payment.brandId,
  idempotencyKey: `agent-contract:${payment.contractId}:${payment.periodStart.toISOString()}`,
  kind: ledgerKinds[payment.kind] ?? 'salary',
  reference: `agent-contract:${payment.contractId}`,
  memo: `${payment.kind} ${payment.periodStart.toISOString()}`,
  legs: [
    { accountId: accounts.payer, amount: -payment.amount },
    { accountId: accounts.payee, amount: payment.amount },
  ],
});
