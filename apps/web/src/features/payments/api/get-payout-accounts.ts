import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { payoutAccountListResponseSchema } from '@wps/contracts/payments';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { paymentsQueryKeyPrefix } from './query-keys';

/** The member's payout accounts (numbers masked) and their real name, which every holder must match. */
export type PayoutAccountList = z.output<typeof payoutAccountListResponseSchema>['value'];

export const getPayoutAccounts = (signal?: AbortSignal): Promise<PayoutAccountList> =>
  apiRequest<ResponseValue<typeof payoutAccountListResponseSchema>>('/member/payout-accounts', { signal });

export const getPayoutAccountsQueryOptions = () =>
  queryOptions({
    queryKey: [...paymentsQueryKeyPrefix, 'payout-accounts'],
    queryFn: ({ signal }) => getPayoutAccounts(signal),
  });

export const usePayoutAccounts = () => useQuery(getPayoutAccountsQueryOptions());
