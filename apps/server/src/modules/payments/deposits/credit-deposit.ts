import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../deposits.repository';
import type { DepositRow } from '../deposits.repository';
import {
  type DepositServiceDependencies,
  gatewayActor,
  type SettledDeposit,
  type StaffActor,
} from './deposit-types';
import { depositMessageParams } from './deposit-views';

/** Who settles a deposit: the gateway's signed notice, or a staff member (both audited). */
export type Settler = { by: 'gateway' } | { by: 'staff'; actor: StaffActor; note: string | null };

export type CreditDepositDependencies = Pick<
  DepositServiceDependencies,
  'db' | 'ledger' | 'wallet' | 'turnover' | 'messages' | 'channels' | 'depositBonuses' | 'raffles'
>;

const ledgerKey = (depositId: bigint) => `deposit:${depositId}`;

/** payment_clearing −amount, member_cash +amount, under the deposit's own ledger key. */
const postDeposit = async (
  { ledger, wallet }: Pick<DepositServiceDependencies, 'ledger' | 'wallet'>,
  tx: Executor,
  deposit: DepositRow,
): Promise<bigint> => {
  const { brandId, memberId, currency } = deposit;
  const clearing = await ledger.ensureSystemAccount(brandId, 'payment_clearing', currency, '', {
    executor: tx,
  });
  const cash = await wallet.cashAccount({ id: memberId, brandId }, currency, tx);
  const posting = await ledger.post(
    {
      brandId,
      idempotencyKey: ledgerKey(deposit.id),
      kind: 'deposit',
      reference: ledgerKey(deposit.id),
      legs: [
        { accountId: clearing.id, amount: -deposit.amount },
        { accountId: cash.id, amount: deposit.amount },
      ],
    },
    { executor: tx },
  );
  return posting.transactionId;
};

/**
 * Credits a pending deposit, exactly once, inside one transaction with the deposit row locked: the money,
 * the deposit bonus the member chose (when they still may have it), the turnover requirement, the status, the
 * member's messages and the audit row commit together. A deposit that is no longer pending is
 * answered as it is, and nothing changes.
 */
export const creditDeposit = async (
  deps: CreditDepositDependencies,
  id: bigint,
  settler: Settler,
): Promise<SettledDeposit> => {
  const { db, turnover, messages, channels, wallet, depositBonuses } = deps;
  const found = await repository.findDeposit(db, id);
  if (!found) throw new AppError('NOT_FOUND');
  // Amount and currency never change, so the wording is prepared before the locks are taken.
  const params = await depositMessageParams(deps, found);
  const outcome = await db.transaction(async (tx) => {
    const deposit = await repository.lockDeposit(tx, id);
    if (!deposit) throw new AppError('NOT_FOUND');
    if (deposit.status !== 'pending') return { row: deposit, isChanged: false };
    const channel = await channels.findById(deposit.channelId, tx);
    if (!channel) throw new Error(`channel ${deposit.channelId} of deposit ${id} vanished`);
    // Before the deposit's posting: bonus grants lock the member's bonuses before their cash, as withdrawals do.
    await depositBonuses.grantForDeposit(tx, { ...deposit, channelCode: channel.code });
    const posting = await postDeposit(deps, tx, deposit);
    const requirement = (deposit.amount * BigInt(channel.turnoverPercent)) / 100n;
    if (requirement > 0n) {
      await turnover.addRequirement(tx, {
        brandId: deposit.brandId,
        memberId: deposit.memberId,
        currency: deposit.currency,
        amount: requirement,
        reference: ledgerKey(id),
        source: 'deposit',
      });
    }
    await deps.raffles.recordDeposit(tx, { ...deposit, reference: ledgerKey(id) });
    const row = await repository.updateDeposit(tx, id, {
      status: 'credited',
      ledgerTransactionId: posting,
      settledAt: new Date(),
      ...(settler.by === 'staff'
        ? { reviewedByStaffId: BigInt(settler.actor.id), reviewNote: settler.note }
        : {}),
    });
    await messages.send(tx, {
      brandId: deposit.brandId,
      memberId: deposit.memberId,
      kind: 'deposit_credited',
      params,
      title: 'Deposit credited',
      body: `Your deposit no. ${params.reference} of ${params.amount} ${params.currency} was credited to your wallet.`,
    });
    if (settler.by === 'staff') {
      await recordAuditEvent(tx, {
        actor: settler.actor,
        // Crediting a gateway deposit by hand (after checking the gateway's statement) is its own action.
        action: channel.method === 'gateway' ? 'payments.deposit.force_credit' : 'payments.deposit.approve',
        entityType: 'deposit',
        entityId: id.toString(),
        before: { status: deposit.status },
        after: { status: row.status, ledgerTransactionId: posting.toString(), note: settler.note },
      });
    } else {
      // The gateway's signed notice approves it: the platform's own action, on the gateway's word.
      await recordAuditEvent(tx, {
        actor: gatewayActor,
        action: 'payments.deposit.gateway_credit',
        entityType: 'deposit',
        entityId: id.toString(),
        before: { status: deposit.status },
        after: {
          status: row.status,
          ledgerTransactionId: posting.toString(),
          amount: deposit.amount.toString(),
        },
      });
    }
    return { row, isChanged: true };
  });
  if (outcome.isChanged) {
    wallet.notifyBalance(outcome.row.memberId);
    messages.notify(outcome.row.memberId);
  }
  return outcome;
};
