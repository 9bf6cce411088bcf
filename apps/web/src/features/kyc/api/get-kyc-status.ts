import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { KycStatus, kycStatusResponseSchema } from '@wps/contracts/kyc';
import { apiRequest } from '../../../lib/api-client';
import { kycQueryKeyPrefix } from './query-keys';

export type { KycStatus };

export const getKycStatus = (signal?: AbortSignal): Promise<KycStatus> =>
  apiRequest<ResponseValue<typeof kycStatusResponseSchema>>('/member/kyc', { signal });

/** The member's verification tier, their documents and when a withdrawal waits for verification. */
export const getKycStatusQueryOptions = () =>
  queryOptions({
    queryKey: [...kycQueryKeyPrefix, 'status'],
    queryFn: ({ signal }) => getKycStatus(signal),
    // Staff decide documents at any time: the section reads them fresh each time it opens.
    staleTime: 0,
  });

export const useKycStatus = () => useQuery(getKycStatusQueryOptions());
