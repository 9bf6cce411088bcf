import type { LotteryContext } from './lottery-context';

/** The brand's lottery house account in a currency (stakes go in, wins come out), created on first use. */
export const houseAccountOf = async (
  { ledger, caches }: Pick<LotteryContext, 'ledger' | 'caches'>,
  brandId: bigint,
  currency: string,
): Promise<bigint> => {
  const key = `${brandId}:${currency}`;
  const cached = caches.houseAccounts.get(key);
  if (cached !== undefined) return cached;
  const account = await ledger.ensureSystemAccount(brandId, 'house', currency, 'lottery');
  caches.houseAccounts.set(key, account.id);
  return account.id;
};
