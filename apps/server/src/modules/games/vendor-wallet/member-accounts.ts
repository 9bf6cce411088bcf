import { protocolToMinorUnits } from '@wps/contracts/vendor-wallet';
import type { Executor } from '../../../db/database';
import { Refusal } from './call-errors';
import type { Party, VendorEntry, WalletCallContext } from './wallet-context';

/** The member's cash account and the vendor's clearing account in the member's brand and currency. */
export type MemberAccounts = Awaited<ReturnType<typeof accountsOf>>;

/** Whose bonus: the party as the bonus engine names a member. */
export const bonusOwnerOf = (party: Party) => ({
  brandId: party.member.brandId,
  memberId: party.member.id,
  currency: party.currency,
});

/**
 * What the vendor is told the member has: cash and the active bonus's balance in one (a vendor never sees the
 * split). Inside a transaction the bonus balance is read there; outside, from the bonus engine's short cache.
 */
export const withBonus = async (
  { bonuses }: Pick<WalletCallContext, 'bonuses'>,
  party: Party,
  cash: bigint,
  executor?: Executor,
): Promise<bigint> =>
  cash +
  (executor
    ? await bonuses.activeBalance(bonusOwnerOf(party), executor)
    : await bonuses.cachedBalance(bonusOwnerOf(party)));

export const balanceOf = async (
  context: Pick<WalletCallContext, 'wallet' | 'bonuses'>,
  party: Party,
  executor?: Executor,
): Promise<bigint> =>
  withBonus(context, party, await context.wallet.balance(party.member, party.currency, executor), executor);

export const accountsOf = async (
  { wallet, ledger }: Pick<WalletCallContext, 'wallet' | 'ledger'>,
  party: Party,
  vendor: VendorEntry,
) => ({
  // Resolved outside the callback's transaction so the ledger's caches serve them on every later call.
  cash: await wallet.cashAccount(party.member, party.currency),
  bonus: await ledger.ensureMemberAccount(
    party.member.brandId,
    party.member.id,
    party.currency,
    'member_bonus',
  ),
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
