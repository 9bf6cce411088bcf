import { AppError } from '../../../http/app-error';
import * as repository from '../deposits.repository';
import type { DepositServiceDependencies, StaffActor, StaffDeposit } from './deposit-types';
import { readStaffDeposit } from './deposit-views';
import { type SettleWithoutMoneyDependencies, settleDepositWithoutMoney } from './settle-without-money';

export type RejectDepositDependencies = SettleWithoutMoneyDependencies &
  Pick<DepositServiceDependencies, 'members'>;

/**
 * Staff reject a pending manual deposit. Gateway deposits are decided by the gateway (a rejection here
 * could contradict a payment the gateway later reports), so they are refused.
 */
export const rejectDeposit = async (
  deps: RejectDepositDependencies,
  actor: StaffActor,
  brandId: bigint,
  id: bigint,
  reason: string,
): Promise<StaffDeposit> => {
  const view = await repository.findView(deps.db, { brandId }, id);
  if (!view) throw new AppError('NOT_FOUND');
  if (view.deposit.status !== 'pending') throw new AppError('ALREADY_PROCESSED');
  if (view.channel.method === 'gateway') {
    throw new AppError('VALIDATION_FAILED', {
      message: 'A gateway deposit is failed by the gateway, not rejected by hand',
    });
  }
  const { isChanged } = await settleDepositWithoutMoney(deps, id, { status: 'rejected', reason }, actor);
  if (!isChanged) throw new AppError('ALREADY_PROCESSED');
  return readStaffDeposit(deps, brandId, id);
};
