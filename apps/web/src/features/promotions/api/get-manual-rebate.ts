import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { manualRebateResponseSchema } from '@wps/contracts/rebates';
import { apiRequest } from '../../../lib/api-client';

export type ManualRebate = ResponseValue<typeof manualRebateResponseSchema>;

/** Under the wallet's prefix, so whatever refreshes the balance (a bet settled) refreshes the accrual too. */
export const manualRebateQueryKey = ['wallet', 'manual-rebate'] as const;

export const getManualRebate = (signal?: AbortSignal): Promise<ManualRebate> =>
  apiRequest<ManualRebate>('/rebate/manual', { signal });

export const getManualRebateQueryOptions = () =>
  queryOptions({ queryKey: manualRebateQueryKey, queryFn: ({ signal }) => getManualRebate(signal) });

/** manualRebate: the rebate accrued by product line, what a claim pays now, and the last claims. */
export const useManualRebate = () => useQuery(getManualRebateQueryOptions());
