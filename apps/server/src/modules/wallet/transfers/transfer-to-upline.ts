import { AppError } from '../../../http/app-error';
import type { MemberRow } from '../../members/members.service';
import type { WalletBrand } from '../wallet-context';
import { checkSenderPaymentPassword, moveBetweenMembers } from './member-transfer';
import type { TransferRequest, TransferResult, TransferServiceDependencies } from './transfer-types';

/** The member's direct upline, if they have one (and it is not, by bad data, themselves). */
const findUpline = async (
  { members }: Pick<TransferServiceDependencies, 'members'>,
  member: MemberRow,
): Promise<MemberRow | undefined> => {
  if (member.uplineId === null || member.uplineId === member.id) return undefined;
  const upline = await members.findById(member.uplineId);
  return upline?.brandId === member.brandId ? upline : undefined;
};

/** For the transferUpline page: who the money would go to. */
export const describeUpline = async (
  deps: Pick<TransferServiceDependencies, 'members'>,
  member: MemberRow,
) => {
  const upline = await findUpline(deps, member);
  return upline ? { account: upline.username, nickname: upline.nickname } : null;
};

/** A member sends money from their main wallet to their direct upline's. */
export const transferToUpline = async (
  deps: TransferServiceDependencies,
  sender: MemberRow,
  brand: WalletBrand,
  request: TransferRequest,
): Promise<TransferResult> => {
  const amount = await deps.wallet.parseAmount(request.amount, brand.currency);
  const upline = await findUpline(deps, sender);
  if (!upline) throw new AppError('NOT_FOUND', { message: 'You have no upline to transfer to.' });
  await checkSenderPaymentPassword(deps, sender, request.paymentPassword);
  return moveBetweenMembers(deps, sender, upline, brand, amount, {
    kind: 'transfer.upline',
    requestId: request.requestId,
  });
};
