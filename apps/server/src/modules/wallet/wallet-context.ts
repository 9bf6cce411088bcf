import { isTrialType } from '@wps/contracts/auth';
import { AppError } from '../../http/app-error';

/** What the wallet endpoints need of a brand: whose currency amounts are in and whose clock days follow. */
export type WalletBrand = { id: bigint; currency: string; currencySymbol: string; timeZone: string };

/** Free-play (trial) accounts play with pretend money: nothing may move in or out of their wallets. */
export const assertMayMoveMoney = (member: { type: number }): void => {
  if (isTrialType(member.type)) throw new AppError('TRIAL_NOT_ALLOWED');
};
