import type { SettlementRunResult } from '@wps/contracts/agent-contracts';
import type { Transaction } from '../../../db/database';
import { recordAuditEvent } from '../../audit/audit.service';
import type { LedgerService, PostingRequest } from '../../wallet/ledger.service';
import * as repository from '../settlement.repository';
import type { NewPayment, TeamFigures } from '../settlement.repository';
import type { SettlementItem } from './plan-settlement';
import { computePeriodPay, subtractRecorded } from './period-pay';
import { findPayAccounts, isInsufficientFunds, type PayAccounts, periodPayPosting } from './pay-postings';
import type { SettlementContext } from './settlement-context';
import { settlementAuditActor } from './settlement-audit';
import { emptySettlementResult } from './settlement-results';

export type SettleBatchDependencies = Pick<SettlementContext, 'db' | 'ledger' | 'wallet' | 'runId'>;

type PaymentStatus = 'paid' | 'unpaid' | 'zero';

/** A planned item still due in this transaction, with its team's figures and the accounts it pays between. */
type DueItem = { item: SettlementItem; figures: TeamFigures; accounts: PayAccounts | undefined };

/**
 * The items whose contract this transaction locked and whose mark is still where the plan expects it: at the
 * period's start, or (real-time) before its end. A second run, a second instance or a run after a crash finds
 * the mark moved and leaves the item alone.
 */
const selectDueItems = (
  items: readonly SettlementItem[],
  locked: ReadonlyMap<bigint, { settledThrough: Date | null }>,
  figures: readonly TeamFigures[],
  accounts: readonly PayAccounts[],
): DueItem[] =>
  items.flatMap((item, index) => {
    const mark = locked.get(item.contract.id)?.settledThrough;
    if (!mark) return [];
    const isDue = item.day ? mark < item.period.end : mark.getTime() === item.period.start.getTime();
    return isDue
      ? [{ item, figures: figures[index] ?? repository.noFigures, accounts: accounts[index] }]
      : [];
  });

/**
 * Posts one period's pay in a savepoint: a refused debit undoes only this posting, not the batch. Answers the
 * ledger transaction, or null when the payer is short of money.
 */
const postInSavepoint = async (
  ledger: LedgerService,
  tx: Transaction,
  request: PostingRequest,
): Promise<bigint | null> => {
  try {
    const posting = await tx.transaction((savepoint) => ledger.post(request, { executor: savepoint }));
    return posting.transactionId;
  } catch (error) {
    if (!isInsufficientFunds(error)) throw error;
    return null;
  }
};

const toPaymentRecord = (
  { item, figures: team }: DueItem,
  rateBasisPoints: number,
  amount: bigint,
  status: PaymentStatus,
  ledgerTransactionId: bigint | null,
  runAt: Date,
  runId: bigint | null,
): NewPayment => {
  const { contract } = item;
  return {
    brandId: contract.brandId,
    contractId: contract.id,
    kind: contract.kind,
    period: contract.period,
    periodStart: item.period.start,
    periodEnd: item.period.end,
    uplineId: contract.uplineId,
    downlineId: contract.downlineId,
    payer: contract.payer,
    currency: contract.currency,
    validBet: team.validBet,
    profitLoss: team.profitLoss,
    activeMembers: team.activeMembers,
    rateBasisPoints,
    amount,
    status,
    ledgerTransactionId,
    attempts: 1,
    createdAt: runAt,
    lastAttemptAt: runAt,
    paidAt: status === 'paid' ? runAt : null,
    settlementRunId: runId,
    paidRunId: status === 'paid' ? runId : null,
  };
};

const paymentForAudit = (payment: NewPayment) => ({
  contractId: payment.contractId.toString(),
  periodStart: payment.periodStart.toISOString(),
  periodEnd: payment.periodEnd.toISOString(),
  uplineId: payment.uplineId.toString(),
  downlineId: payment.downlineId.toString(),
  payer: payment.payer,
  amount: (payment.amount ?? 0n).toString(),
  currency: payment.currency,
  status: payment.status,
  ledgerTransactionId: payment.ledgerTransactionId?.toString() ?? null,
});

/**
 * One batch in one transaction: it locks its contracts first (id order), settles an item only if the contract's
 * `settled_through` is still where the plan expects it, and commits the pay records (unique per contract and
 * period start), the ledger postings (key `agent-contract:<contract>:<period start>`) and the new marks
 * together. A payer short of money records the period UNPAID with its amount (the mark still moves). Figures and
 * accounts are read before the transaction, so it holds its locks only while it writes. The batch's pay records
 * are audited in the same transaction.
 */
export const settleBatch = async (
  deps: SettleBatchDependencies,
  items: readonly SettlementItem[],
  runAt: Date,
): Promise<SettlementRunResult> => {
  const { db, ledger, wallet } = deps;
  const result = emptySettlementResult();
  const [figures, accounts] = await Promise.all([
    repository.teamFigures(
      db,
      items.map((item) => item.window),
    ),
    Promise.all(items.map((item) => findPayAccounts(deps, item.contract))),
  ]);
  const notify = new Set<bigint>();
  await db.transaction(async (tx) => {
    const locked = await repository.lockContracts(
      tx,
      items.map((item) => item.contract.id),
    );
    const live = selectDueItems(items, locked, figures, accounts);
    const recorded = await repository.sumRecorded(
      tx,
      live.flatMap(({ item }) =>
        item.day ? [{ contractId: item.contract.id, start: item.day.start, end: item.day.end }] : [],
      ),
    );
    const payments: NewPayment[] = [];
    for (const due of live) {
      const { item } = due;
      const { contract } = item;
      const pay = computePeriodPay(contract, due.figures);
      const amount = item.day ? subtractRecorded(pay.amount, recorded.get(contract.id)) : pay.amount;
      let status: PaymentStatus = amount > 0n ? 'paid' : 'zero';
      let ledgerTransactionId: bigint | null = null;
      if (amount > 0n && due.accounts) {
        const request = periodPayPosting(
          {
            brandId: contract.brandId,
            contractId: contract.id,
            kind: contract.kind,
            periodStart: item.period.start,
            amount,
          },
          due.accounts,
        );
        ledgerTransactionId = await postInSavepoint(ledger, tx, request);
        if (ledgerTransactionId === null) {
          status = 'unpaid';
        } else {
          notify.add(contract.uplineId);
          notify.add(contract.downlineId);
        }
      }
      result.settledPeriods += 1;
      result[status] += 1;
      if (item.day && status === 'zero') continue;
      payments.push(
        toPaymentRecord(
          due,
          pay.rateBasisPoints,
          amount,
          status,
          ledgerTransactionId,
          runAt,
          deps.runId ?? null,
        ),
      );
    }
    await repository.insertPayments(tx, payments);
    if (payments.length > 0) {
      // The batch's pay records, as the platform's action, in the transaction that writes them.
      await recordAuditEvent(tx, {
        actor: settlementAuditActor,
        action: 'agents.settlement.batch',
        entityType: 'agent_settlement_run',
        entityId: runAt.toISOString(),
        after: { payments: payments.map(paymentForAudit) },
      });
    }
    await repository.advanceSettledThrough(
      tx,
      live.map(({ item }) => ({ contractId: item.contract.id, through: item.period.end })),
    );
  });
  for (const memberId of notify) wallet.notifyBalance(memberId);
  return result;
};
