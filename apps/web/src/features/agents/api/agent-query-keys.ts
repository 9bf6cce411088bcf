import type { QueryClient } from '@tanstack/react-query';

/** Every query of the agents feature starts with this; a balance signal leaves them alone. */
export const agentQueryKeyPrefix = ['agents'] as const;

export const agentQueryKeys = {
  affiliate: [...agentQueryKeyPrefix, 'affiliate'],
  overview: [...agentQueryKeyPrefix, 'overview'],
  downlines: [...agentQueryKeyPrefix, 'downlines'],
  reports: [...agentQueryKeyPrefix, 'reports'],
  contractInfo: [...agentQueryKeyPrefix, 'contract-info'],
  contracts: [...agentQueryKeyPrefix, 'contracts'],
  payRecords: [...agentQueryKeyPrefix, 'pay-records'],
} as const;

/** After a contract changed hands: its lists, the pages the info unlocks, and the pay records. */
export const refreshContractQueries = (queryClient: QueryClient): Promise<void> =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: agentQueryKeys.contracts }),
    queryClient.invalidateQueries({ queryKey: agentQueryKeys.contractInfo }),
    queryClient.invalidateQueries({ queryKey: agentQueryKeys.payRecords }),
  ]).then(() => undefined);
