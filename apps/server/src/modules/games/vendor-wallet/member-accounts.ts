import { protocolToMinorUnits } from '@wps/contracts/vendor-wallet';
import type { Executor } from '../../../db/database';
import { Refusal } from './call-errors';
import type { Party, VendorEntry, WalletCallContext } from './wallet-context';

/** The member's cash account and the vendor's clearing account in the member's brand and currency. */
export type MemberAccounts = Awaited<ReturnType<typeof accountsOf>>;

export const balanceOf = async (
  { wallet }: Pick<WalletCallContext, 'wallet'>,
  party: Party,
  executor?: Executor,
): Promise<bigint> => wallet.balance(party.member, party.currency, executor);

export const accountsOf = async (
  { wallet, ledger }: Pick<WalletCallContext, 'wallet' | 'ledger'>,
  party: Party,
  vendor: VendorEntry,
) => ({
  // Resolved outside the callback's transaction so the ledger's caches serve them on every later call.
  cash: await wallet.cashAccount(party.member, party.currency),
  clearing: await ledger.ensureSystemAccount(
    party.member.brandId,
    'provider_clearing',
    party.currency,
    vendor.code,
  ),
});

/** A protocol amount in the minor units of the member's currency. */
export const amountIn = (amount: bigint, party: Party): bigint => {
  const minor = protocolToMinorUnits(amount, party.exponent);
  // Finer than the wallet's currency (or out of range): not an amount of the player's currency. A final
  // answer for bets, wins and rollbacks alike, so the vendor does not retry a win that can never be paid.
  if (minor === null) throw new Refusal('RS_ERROR_WRONG_CURRENCY');
  return minor;
};
