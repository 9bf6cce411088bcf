import { AppError } from '../../../http/app-error';
import * as repository from '../deposits.repository';
import { type CreditDepositDependencies, creditDeposit } from './credit-deposit';
import type { DepositServiceDependencies, StaffActor, StaffDeposit } from './deposit-types';
import { readStaffDeposit } from './deposit-views';

export type ApproveDepositDependencies = CreditDepositDependencies &
  Pick<DepositServiceDependencies, 'members'>;

/**
 * Staff credit a pending deposit. Manual deposits are what approval is for; a gateway deposit may be
 * credited by hand too (a payment stuck at the gateway, checked on its statement), but only with a note
 * saying so, and it is audited as a forced credit. A later notice from the gateway then changes nothing.
 */
export const approveDeposit = async (
  deps: ApproveDepositDependencies,
  actor: StaffActor,
  brandId: bigint,
  id: bigint,
  note: string | undefined,
): Promise<StaffDeposit> => {
  const view = await repository.findView(deps.db, { brandId }, id);
  if (!view) throw new AppError('NOT_FOUND');
  if (view.deposit.status !== 'pending') throw new AppError('ALREADY_PROCESSED');
  if (view.channel.method === 'gateway' && !note) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'A gateway deposit is credited by hand only with a note of what proves the payment',
      issues: [{ field: 'note', message: 'required for a gateway deposit' }],
    });
  }
  const { isChanged } = await creditDeposit(deps, id, { by: 'staff', actor, note: note ?? null });
  // Someone (or the gateway) settled it between our look and our lock.
  if (!isChanged) throw new AppError('ALREADY_PROCESSED');
  return readStaffDeposit(deps, brandId, id);
};
