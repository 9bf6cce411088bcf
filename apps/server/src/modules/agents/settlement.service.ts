import {
  type ContractPeriod,
  type ContractPreview,
  computeContractPay,
  type SettlementRunResult,
} from '@wps/contracts/agent-contracts';
import { formatMinorUnits } from '@wps/contracts/money';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { MemberRow } from '../members/members.service';
import type { LedgerService, PostingRequest } from '../wallet/ledger.service';
import type { WalletService } from '../wallet/wallet.service';
import {
  dayContaining,
  isWholeDays,
  localDate,
  type Period,
  periodAfter,
  periodContaining,
} from './contract-periods';
import * as contracts from './contracts.repository';
import * as repository from './settlement.repository';
import type { FiguresWindow, NewPayment, SettlementCandidate, TeamFigures } from './settlement.repository';

/** The period kinds settled by the periodic job; real-time salary has its own job and slot length. */
const periodKinds = ['dividend', 'daily_salary', 'hourly_salary'] as const;
const realtimeKind = 'realtime_salary';
/** Ledger transaction kinds: the account record shows them under "salary" (its first segment). */
const ledgerKinds: Record<string, string> = {
  dividend: 'salary.dividend',
  daily_salary: 'salary.daily',
  hourly_salary: 'salary.hourly',
  realtime_salary: 'salary.realtime',
};
/** At most this many missed periods per contract are caught up in one run (the rest in the next ones). */
const maxCatchUpPeriods = 400;
/** Missed brand days a real-time salary closes out in one run. */
const maxCatchUpDays = 31;

type WorkItem = {
  contract: SettlementCandidate;
  period: Period;
  window: FiguresWindow;
  /** Real-time salary: the brand day whose earlier records are subtracted (the day-so-far delta). */
  day?: Period;
};

export type SettlementLogger = { error: (details: object, message: string) => void };

const emptyResult = (): SettlementRunResult => ({
  settledPeriods: 0,
  paid: 0,
  unpaid: 0,
  zero: 0,
  retriedPaid: 0,
});
const addResults = (a: SettlementRunResult, b: SettlementRunResult): SettlementRunResult => ({
  settledPeriods: a.settledPeriods + b.settledPeriods,
  paid: a.paid + b.paid,
  unpaid: a.unpaid + b.unpaid,
  zero: a.zero + b.zero,
  retriedPaid: a.retriedPaid + b.retriedPaid,
});

const isInsufficientFunds = (error: unknown): boolean =>
  error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS';

const minDate = (a: Date, b: Date | null): Date => (b !== null && b < a ? b : a);
const maxDate = (a: Date, b: Date): Date => (b > a ? b : a);
const toPeriod = (period: string) => period.toUpperCase() as ContractPeriod;

/**
 * Settlement of agent contracts: each contract's pay for each closed period, computed from the roll-ups on
 * half-open intervals of the brand's clock and paid through the ledger, exactly once.
 *
 * Exactly once: a batch runs in one transaction that first locks its contracts (id order) and settles a period
 * only if the contract's `settled_through` still equals the period's start (real-time: is before its end); the
 * pay record (unique per contract and period start), the ledger posting (idempotency key
 * `agent-contract:<contract>:<period start>`) and the new `settled_through` commit together. A second run, a
 * second instance or a run after a crash finds the mark moved, or nothing committed, and settles it then.
 *
 * Payer short of money: the period is recorded UNPAID with its amount (the mark still moves, so later periods are
 * not held up) and every run retries UNPAID records with the same ledger key until they are paid.
 *
 * Figures are the team's (the downline agent and its whole subtree, as the tree is at settlement time): valid
 * bet for salaries, loss (−profit and loss) for dividends, active members = members whose valid bet over the
 * window is positive. Real-time salary: every slot pays the tier rate of the brand day's figures so far less
 * what the day's earlier slots recorded; zero deltas write no record.
 */
export const createSettlementService = ({
  db,
  ledger,
  wallet,
  now = () => new Date(),
  realtimeSlotMs,
  batchSize = 500,
  log,
  foldFigures,
}: {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  now?: () => Date;
  realtimeSlotMs: number;
  batchSize?: number;
  log: SettlementLogger;
  /** Brings the roll-ups up to the ledger before a run reads them (the agents' fold); tests that write roll-ups
   * directly leave it out. */
  foldFigures?: () => Promise<unknown>;
}) => {
  const windowOf = (contract: SettlementCandidate, period: Period): FiguresWindow =>
    isWholeDays(toPeriod(contract.period))
      ? {
          agentId: contract.downlineId,
          startDay: localDate(period.start, contract.timeZone),
          endDay: localDate(period.end, contract.timeZone),
          unit: 'day',
        }
      : { agentId: contract.downlineId, start: period.start, end: period.end, unit: 'hour' };

  /** Closed periods from the contract's mark up to `asOf` (and not past its termination). */
  const planPeriods = (contract: SettlementCandidate, asOf: Date): WorkItem[] => {
    const limit = minDate(asOf, contract.terminatedAt);
    const kind = toPeriod(contract.period);
    const items: WorkItem[] = [];
    let period = periodContaining(kind, contract.settledThrough, contract.timeZone, realtimeSlotMs);
    if (period.start < contract.settledThrough)
      period = periodAfter(kind, period, contract.timeZone, realtimeSlotMs);
    while (period.end <= limit && items.length < maxCatchUpPeriods) {
      items.push({ contract, period, window: windowOf(contract, period) });
      period = periodAfter(kind, period, contract.timeZone, realtimeSlotMs);
    }
    return items;
  };

  const realtimeItem = (contract: SettlementCandidate, slot: Period): WorkItem => {
    const day = dayContaining(slot.start, contract.timeZone);
    const start = maxDate(day.start, contract.effectiveFrom);
    const end = minDate(day.end, contract.terminatedAt);
    return {
      contract,
      period: slot,
      day,
      window: { agentId: contract.downlineId, start, end: end > start ? end : start, unit: 'hour' },
    };
  };

  /** The last closed slot, after the last slot of every brand day since the mark that has ended before it. */
  const planRealtime = (contract: SettlementCandidate, asOf: Date): WorkItem[] => {
    const limit = minDate(asOf, contract.terminatedAt).getTime();
    const latestEnd = Math.floor(limit / realtimeSlotMs) * realtimeSlotMs;
    if (latestEnd <= contract.settledThrough.getTime()) return [];
    const latest = { start: new Date(latestEnd - realtimeSlotMs), end: new Date(latestEnd) };
    const items: WorkItem[] = [];
    let day = dayContaining(contract.settledThrough, contract.timeZone);
    while (day.end <= latest.start && items.length < maxCatchUpDays) {
      const lastSlot = periodContaining(
        'REALTIME',
        new Date(day.end.getTime() - 1),
        contract.timeZone,
        realtimeSlotMs,
      );
      if (lastSlot.end > contract.settledThrough) items.push(realtimeItem(contract, lastSlot));
      day = dayContaining(day.end, contract.timeZone);
    }
    items.push(realtimeItem(contract, latest));
    return items;
  };

  const figureOf = (kind: string, figures: TeamFigures): bigint =>
    kind === 'dividend' ? -figures.profitLoss : figures.validBet;

  const accountsOf = async (
    contract: Pick<SettlementCandidate, 'brandId' | 'uplineId' | 'downlineId' | 'payer' | 'currency'>,
  ) => {
    const [payer, payee] = await Promise.all([
      contract.payer === 'platform'
        ? ledger.ensureSystemAccount(contract.brandId, 'agent_commission', contract.currency)
        : wallet.cashAccount({ id: contract.uplineId, brandId: contract.brandId }, contract.currency),
      wallet.cashAccount({ id: contract.downlineId, brandId: contract.brandId }, contract.currency),
    ]);
    return { payer: payer.id, payee: payee.id };
  };

  /** The one posting of a contract's period; a retry builds the very same request (same key, same hash). */
  const postingOf = (
    payment: { brandId: bigint; contractId: bigint; kind: string; periodStart: Date; amount: bigint },
    accounts: { payer: bigint; payee: bigint },
  ): PostingRequest => ({
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

  const settleBatch = async (items: readonly WorkItem[], runAt: Date): Promise<SettlementRunResult> => {
    const result = emptyResult();
    const [figures, accounts] = await Promise.all([
      repository.teamFigures(
        db,
        items.map((item) => item.window),
      ),
      Promise.all(items.map((item) => accountsOf(item.contract))),
    ]);
    const notify = new Set<bigint>();
    await db.transaction(async (tx) => {
      const locked = await repository.lockContracts(
        tx,
        items.map((item) => item.contract.id),
      );
      const live = items.flatMap((item, index) => {
        const mark = locked.get(item.contract.id)?.settledThrough;
        if (!mark) return [];
        const isDue = item.day ? mark < item.period.end : mark.getTime() === item.period.start.getTime();
        return isDue
          ? [{ item, figures: figures[index] ?? repository.noFigures, accounts: accounts[index] }]
          : [];
      });
      const recorded = await repository.sumRecorded(
        tx,
        live.flatMap(({ item }) =>
          item.day ? [{ contractId: item.contract.id, start: item.day.start, end: item.day.end }] : [],
        ),
      );
      const payments: NewPayment[] = [];
      for (const { item, figures: team, accounts: itemAccounts } of live) {
        const { contract } = item;
        const tiers = contract.tiers.map((tier) => ({ ...tier, minFigure: BigInt(tier.minFigure) }));
        const pay = computeContractPay(tiers, figureOf(contract.kind, team), team.activeMembers);
        const amount = item.day
          ? (() => {
              const delta = pay.amount - (recorded.get(contract.id) ?? 0n);
              return delta > 0n ? delta : 0n;
            })()
          : pay.amount;
        let status: 'paid' | 'unpaid' | 'zero' = amount > 0n ? 'paid' : 'zero';
        let ledgerTransactionId: bigint | null = null;
        if (amount > 0n && itemAccounts) {
          const request = postingOf(
            {
              brandId: contract.brandId,
              contractId: contract.id,
              kind: contract.kind,
              periodStart: item.period.start,
              amount,
            },
            itemAccounts,
          );
          try {
            // A savepoint: a refused debit undoes only this posting, not the batch.
            const posting = await tx.transaction((savepoint) =>
              ledger.post(request, { executor: savepoint }),
            );
            ledgerTransactionId = posting.transactionId;
            notify.add(contract.uplineId);
            notify.add(contract.downlineId);
          } catch (error) {
            if (!isInsufficientFunds(error)) throw error;
            status = 'unpaid';
          }
        }
        result.settledPeriods += 1;
        result[status] += 1;
        if (item.day && status === 'zero') continue;
        payments.push({
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
          rateBasisPoints: pay.rateBasisPoints,
          amount,
          status,
          ledgerTransactionId,
          attempts: 1,
          createdAt: runAt,
          lastAttemptAt: runAt,
          paidAt: status === 'paid' ? runAt : null,
        });
      }
      await repository.insertPayments(tx, payments);
      await repository.advanceSettledThrough(
        tx,
        live.map(({ item }) => ({ contractId: item.contract.id, through: item.period.end })),
      );
    });
    for (const memberId of notify) wallet.notifyBalance(memberId);
    return result;
  };

  /** Runs the plans round by round (a contract's k-th period in round k), in batches. */
  const settlePlans = async (plans: WorkItem[][], runAt: Date): Promise<SettlementRunResult> => {
    let result = emptyResult();
    const rounds = Math.max(0, ...plans.map((plan) => plan.length));
    for (let round = 0; round < rounds; round += 1) {
      const items = plans.flatMap((plan) => {
        const item = plan[round];
        return item ? [item] : [];
      });
      for (let offset = 0; offset < items.length; offset += batchSize) {
        const batch = items.slice(offset, offset + batchSize);
        try {
          result = addResults(result, await settleBatch(batch, runAt));
        } catch (error) {
          // A deadlock or a lost connection: nothing of the batch committed; the next run settles it.
          log.error({ err: error, contracts: batch.length }, 'agent contract settlement batch failed');
        }
      }
    }
    return result;
  };

  /** Dividends, daily and hourly salaries: every closed period not yet settled. */
  const settlePeriods = async (asOf: Date = now()): Promise<SettlementRunResult> => {
    await foldFigures?.();
    const candidates = await repository.listSettlementCandidates(db, periodKinds);
    return settlePlans(
      candidates.map((contract) => planPeriods(contract, asOf)),
      now(),
    );
  };

  /** Real-time salaries: the last closed slot (and the last slot of any brand day that ended meanwhile). */
  const settleRealtime = async (asOf: Date = now()): Promise<SettlementRunResult> => {
    await foldFigures?.();
    const candidates = await repository.listSettlementCandidates(db, [realtimeKind]);
    return settlePlans(
      candidates.map((contract) => planRealtime(contract, asOf)),
      now(),
    );
  };

  /** Pays UNPAID records whose payer has the money now; the same ledger key, so never twice. */
  const retryUnpaid = async (): Promise<SettlementRunResult> => {
    const result = emptyResult();
    const rows = await repository.listUnpaid(db, 1_000);
    for (const row of rows) {
      const at = now();
      const accounts = await accountsOf(row);
      try {
        const paid = await db.transaction(async (tx) => {
          const locked = await repository.lockUnpaid(tx, row.id);
          if (!locked) return false;
          const posting = await ledger.post(postingOf(locked, accounts), { executor: tx });
          await repository.markPaymentPaid(tx, row.id, posting.transactionId, at);
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

  return {
    settlePeriods,
    settleRealtime,
    retryUnpaid,

    /** Everything due now (or at a pretend `asOf`, in tests): periods, real-time slots, then retries. */
    runAll: async (asOf?: Date): Promise<SettlementRunResult> => {
      const periods = await settlePeriods(asOf);
      const realtime = await settleRealtime(asOf);
      const retried = await retryUnpaid();
      return addResults(addResults(periods, realtime), retried);
    },

    /** What the period in progress would pay if it closed now; parties of an active contract only. */
    preview: async (member: MemberRow, contractId: bigint): Promise<ContractPreview> => {
      const row = await contracts.findContract(db, contractId);
      if (!row || (row.uplineId !== member.id && row.downlineId !== member.id)) {
        throw new AppError('CONTRACT_NOT_FOUND');
      }
      const [candidate] = await repository.listSettlementCandidates(db, [row.kind], [row.id]);
      if (!candidate || candidate.status !== 'active') throw new AppError('CONTRACT_STATE_CHANGED');
      const at = now();
      const isRealtime = candidate.kind === realtimeKind;
      const item: WorkItem = isRealtime
        ? realtimeItem(candidate, periodContaining('REALTIME', at, candidate.timeZone, realtimeSlotMs))
        : (() => {
            const period = periodContaining(
              toPeriod(candidate.period),
              at,
              candidate.timeZone,
              realtimeSlotMs,
            );
            return { contract: candidate, period, window: windowOf(candidate, period) };
          })();
      const [team = repository.noFigures] = await repository.teamFigures(db, [item.window]);
      const tiers = candidate.tiers.map((tier) => ({ ...tier, minFigure: BigInt(tier.minFigure) }));
      const pay = computeContractPay(tiers, figureOf(candidate.kind, team), team.activeMembers);
      let amount = pay.amount;
      if (item.day) {
        const recorded = await repository.sumRecorded(db, [
          { contractId: candidate.id, start: item.day.start, end: item.day.end },
        ]);
        amount = amount - (recorded.get(candidate.id) ?? 0n);
        if (amount < 0n) amount = 0n;
      }
      const exponent = await ledger.getCurrencyExponent(candidate.currency);
      return {
        contractId: candidate.id.toString(),
        periodStart: (item.day ?? item.period).start.toISOString(),
        periodEnd: (item.day ?? item.period).end.toISOString(),
        figures: {
          validBet: formatMinorUnits(team.validBet, exponent),
          profitLoss: formatMinorUnits(team.profitLoss, exponent),
          activeMembers: team.activeMembers,
        },
        rateBasisPoints: pay.rateBasisPoints,
        amount: formatMinorUnits(amount, exponent),
        currency: candidate.currency,
      };
    },
  };
};

export type SettlementService = ReturnType<typeof createSettlementService>;
