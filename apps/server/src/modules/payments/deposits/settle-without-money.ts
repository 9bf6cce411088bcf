import { AppError } from '../../../http/app-error';
import { recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../deposits.repository';
import {
  type DepositServiceDependencies,
  gatewayActor,
  type SettledDeposit,
  type StaffActor,
} from './deposit-types';
import { depositMessageParams } from './deposit-views';

export type SettleWithoutMoneyDependencies = Pick<DepositServiceDependencies, 'db' | 'wallet' | 'messages'>;

/**
 * Ends a pending deposit without money: failed (the gateway declined or never answered) or rejected
 * (staff), with a message saying why. A deposit that is no longer pending is answered as it is.
 */
export const settleDepositWithoutMoney = async (
  deps: SettleWithoutMoneyDependencies,
  id: bigint,
  outcome: { status: 'failed' | 'rejected'; reason: string },
  staff?: StaffActor,
): Promise<SettledDeposit> => {
  const { db, messages } = deps;
  const found = await repository.findDeposit(db, id);
  if (!found) throw new AppError('NOT_FOUND');
  const params = { ...(await depositMessageParams(deps, found)), reason: outcome.reason };
  const settled = await db.transaction(async (tx) => {
    const deposit = await repository.lockDeposit(tx, id);
    if (!deposit) throw new AppError('NOT_FOUND');
    if (deposit.status !== 'pending') return { row: deposit, isChanged: false };
    const row = await repository.updateDeposit(tx, id, {
      status: outcome.status,
      settledAt: new Date(),
      reviewNote: outcome.reason,
      ...(staff ? { reviewedByStaffId: BigInt(staff.id) } : {}),
    });
    await messages.send(tx, {
      brandId: deposit.brandId,
      memberId: deposit.memberId,
      kind: 'deposit_failed',
      params,
      title: 'Deposit not credited',
      body: `Your deposit no. ${params.reference} of ${params.amount} ${params.currency} was not credited: ${outcome.reason}`,
    });
    await recordAuditEvent(tx, {
      // Without a staff member, the gateway declined it or never answered: the platform's own action.
      actor: staff ?? gatewayActor,
      action: staff ? 'payments.deposit.reject' : `payments.deposit.gateway_${outcome.status}`,
      entityType: 'deposit',
      entityId: id.toString(),
      before: { status: deposit.status },
      after: { status: row.status, reason: outcome.reason },
    });
    return { row, isChanged: true };
  });
  if (settled.isChanged) messages.notify(settled.row.memberId);
  return settled;
};
