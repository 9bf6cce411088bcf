import type { VendorBalanceRequest, VendorUserInfoRequest } from '@wps/contracts/vendor-wallet';
import type { VendorWalletOutcome } from '../vendor-wallet.service';
import { balanceOf } from './member-accounts';
import { answerOf, type Echo } from './protocol-answers';
import type { WalletCallContext } from './wallet-context';
import { findParty } from './wallet-lookups';

type UserInfoContext = Pick<
  WalletCallContext,
  'members' | 'protection' | 'brandCurrency' | 'ledger' | 'wallet' | 'bonuses' | 'caches'
>;

/**
 * user/info and user/balance: the member's currency and balance, and whether they may play (not while disabled,
 * nor in a time-out or a self-exclusion).
 */
export const answerUserInfo = async (
  context: UserInfoContext,
  request: VendorUserInfoRequest | VendorBalanceRequest,
  echo: Echo,
): Promise<VendorWalletOutcome> => {
  const party = await findParty(context, request.user);
  if (!party) return { answer: answerOf('RS_ERROR_INVALID_TOKEN', echo, undefined, 0n) };
  const mayPlay = party.member.status === 'active' && !party.member.isExcluded;
  const status = mayPlay ? 'RS_OK' : 'RS_ERROR_USER_DISABLED';
  return { answer: answerOf(status, echo, party, await balanceOf(context, party)) };
};
