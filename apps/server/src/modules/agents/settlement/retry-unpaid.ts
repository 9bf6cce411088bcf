import type { SettlementRunResult } from '@wps/contracts/agent-contracts';
import { recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../settlement.repository';
import { findPayAccounts, isInsufficientFunds, periodPayPosting } from './pay-postings';
import { settlementAuditActor } from './settlement-audit';
import type { SettlementContext } from './settlement-context';
import { emptySettlementResult } from './settlement-results';

export type RetryUnpaidDependencies = Pick<
  SettlementContext,
  'db' | 'ledger' | 'wallet' | 'now' | 'log' | 'runId'
>;

/** Pays UNPAID records whose payer has the money now; the same ledger key, so never twice. Each payment audited. */
export const retryUnpaid = async (deps: RetryUnpaidDependencies): Promise<SettlementRunResult> => {
  const { db, ledger, wallet, now, log } = deps;
  const result = emptySettlementResult();
  const rows = await repository.listUnpaid(db, 1_000);
  for (const row of rows) {
    const at = now();
    const accounts = await findPayAccounts(deps, row);
    try {
      const paid = await db.transaction(async (tx) => {
        const locked = await repository.lockUnpaid(tx, row.id);
        if (!locked) return false;
        const posting = await ledger.post(periodPayPosting(locked, accounts), { executor: tx });
        await repository.markPaymentPaid(tx, row.id, posting.transactionId, at, deps.runId ?? null);
        await recordAuditEvent(tx, {
          actor: settlementAuditActor,
          action: 'agents.settlement.retry_paid',
          entityType: 'agent_contract_payment',
          entityId: row.id.toString(),
          before: { status: 'unpaid' },
          after: {
            status: 'paid',
            contractId: row.contractId.toString(),
            amount: row.amount.toString(),
            currency: row.currency,
            ledgerTransactionId: posting.transactionId.toString(),
          },
        });
        return true;
      });
      if (paid) {
        result.retriedPaid += 1;
        wallet.notifyBalance(row.uplineId);
        wallet.notifyBalance(row.downlineId);
      }
    } catch (error) {
      if (!isInsufficientFunds(error)) {
        log.error({ err: error, payment: row.id.toString() }, 'agent contract payment retry failed');
        continue;
      }
      await repository.markPaymentAttempt(db, row.id, at);
    }
  }
  return result;
};
