import type { QueryClient } from '@tanstack/react-query';

/** Every query of this feature starts with this. */
export const walletQueryKeyPrefix = ['wallet'] as const;

export const walletQueryKeys = {
  balance: [...walletQueryKeyPrefix, 'balance'],
  funds: [...walletQueryKeyPrefix, 'funds'],
  merchantWallet: [...walletQueryKeyPrefix, 'merchant-wallet'],
  upline: [...walletQueryKeyPrefix, 'upline'],
  /** Account records and profit and loss, whatever their filters. */
  records: [...walletQueryKeyPrefix, 'records'],
} as const;

/** The inbox and its unread count (the messages feature keys its queries under this). */
export const messagesQueryKeyPrefix = ['messages'] as const;

/** After money moved: the balance, every place the money is, and the records that list the movement. */
export const refreshWalletQueries = (queryClient: QueryClient): Promise<void> =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: walletQueryKeys.balance }),
    queryClient.invalidateQueries({ queryKey: walletQueryKeys.funds }),
    queryClient.invalidateQueries({ queryKey: walletQueryKeys.records }),
  ]).then(() => undefined);
