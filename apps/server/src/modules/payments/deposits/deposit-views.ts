import type { Deposit } from '@wps/contracts/payments';
import { AppError } from '../../../http/app-error';
import type { MemberRow } from '../../members/members.service';
import * as repository from '../deposits.repository';
import type { DepositRow, DepositView } from '../deposits.repository';
import type { DepositServiceDependencies, StaffDeposit } from './deposit-types';

type WalletDependency = Pick<DepositServiceDependencies, 'wallet'>;

export const toDeposit = async (
  { wallet }: WalletDependency,
  { deposit, channel }: DepositView,
): Promise<Deposit> => ({
  id: deposit.id.toString(),
  channelCode: channel.code,
  channelName: channel.name,
  method: channel.method,
  amount: await wallet.formatAmount(deposit.amount, deposit.currency),
  currency: deposit.currency,
  status: deposit.status,
  playerReference: deposit.playerReference,
  proofUploadId: deposit.proofUploadId,
  // The payment page is of use only while the payment is open.
  paymentUrl: deposit.status === 'pending' ? deposit.paymentUrl : null,
  reviewNote: deposit.reviewNote,
  createdAt: deposit.createdAt.toISOString(),
  settledAt: deposit.settledAt?.toISOString() ?? null,
});

/** One of the member's own deposits; anyone else's is NOT_FOUND, like one that does not exist. */
export const readOwnDeposit = async (
  deps: Pick<DepositServiceDependencies, 'db' | 'wallet'>,
  memberId: bigint,
  id: bigint,
): Promise<Deposit> => {
  const view = await repository.findView(deps.db, { memberId }, id);
  if (!view) throw new AppError('NOT_FOUND');
  return toDeposit(deps, view);
};

/** Deposits for the reviewer, each with who made it. */
export const toStaffDeposits = async (
  deps: Pick<DepositServiceDependencies, 'wallet' | 'members'>,
  views: DepositView[],
): Promise<StaffDeposit[]> => {
  const people = new Map<bigint, MemberRow | undefined>();
  for (const { deposit } of views) {
    if (!people.has(deposit.memberId)) {
      people.set(deposit.memberId, await deps.members.findById(deposit.memberId));
    }
  }
  return Promise.all(
    views.map(async (view) => {
      const member = people.get(view.deposit.memberId);
      return {
        ...(await toDeposit(deps, view)),
        member: {
          id: view.deposit.memberId.toString(),
          account: member?.username ?? '',
          realName: member?.payeeName ?? null,
        },
      };
    }),
  );
};

export const readStaffDeposit = async (
  deps: Pick<DepositServiceDependencies, 'db' | 'wallet' | 'members'>,
  brandId: bigint,
  id: bigint,
): Promise<StaffDeposit> => {
  const view = await repository.findView(deps.db, { brandId }, id);
  if (!view) throw new AppError('NOT_FOUND');
  const [answer] = await toStaffDeposits(deps, [view]);
  if (!answer) throw new AppError('NOT_FOUND');
  return answer;
};

/** The params of the member's message about a deposit. */
export const depositMessageParams = async ({ wallet }: WalletDependency, deposit: DepositRow) => ({
  amount: await wallet.formatAmount(deposit.amount, deposit.currency),
  currency: deposit.currency,
  reference: deposit.id.toString(),
});
