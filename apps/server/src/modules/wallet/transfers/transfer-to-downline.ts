import { isAgentType } from '@wps/contracts/auth';
import { AppError } from '../../../http/app-error';
import type { MemberRow } from '../../members/members.service';
import { assertMayMoveMoney, type WalletBrand } from '../wallet-context';
import { checkSenderPaymentPassword, moveBetweenMembers } from './member-transfer';
import type { DownlineTransferRequest, TransferResult, TransferServiceDependencies } from './transfer-types';

/**
 * An agent sends money from their main wallet to anyone below them. An unknown name, oneself and a member
 * outside the agent's line all answer NOT_IN_YOUR_LINE, so the endpoint cannot be used to find out which
 * usernames exist.
 */
export const transferToDownline = async (
  deps: TransferServiceDependencies,
  sender: MemberRow,
  brand: WalletBrand,
  request: DownlineTransferRequest,
): Promise<TransferResult> => {
  const { wallet, members } = deps;
  if (!isAgentType(sender.type)) throw new AppError('NOT_AN_AGENT');
  const amount = await wallet.parseAmount(request.amount, brand.currency);
  const recipientId = await members.findDownlineMemberId(sender.brandId, sender.id, request.username);
  const recipient = recipientId === undefined ? undefined : await members.findById(recipientId);
  if (!recipient) throw new AppError('NOT_IN_YOUR_LINE');
  // Real money must not land in a free-play account either.
  assertMayMoveMoney(recipient);
  // Nor with a member in a time-out or self-exclusion: refused before the password is asked or anything moves.
  await members.assertNotPlayBlocked(recipient.id);
  await checkSenderPaymentPassword(deps, sender, request.paymentPassword);
  return moveBetweenMembers(deps, sender, recipient, brand, amount, {
    kind: 'transfer.downline',
    requestId: request.requestId,
  });
};
