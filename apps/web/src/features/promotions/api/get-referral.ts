import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { referralResponseSchema } from '@wps/contracts/promotions-rewards';
import { apiRequest } from '../../../lib/api-client';
import { rewardsQueryKeys } from './reward-query-keys';

export type Referral = ResponseValue<typeof referralResponseSchema>;

export const getReferral = (signal?: AbortSignal): Promise<Referral> =>
  apiRequest<Referral>('/referral', { signal });

export const getReferralQueryOptions = () =>
  queryOptions({ queryKey: rewardsQueryKeys.referral, queryFn: ({ signal }) => getReferral(signal) });

/** referral: the invite link and code, the rules, the invitees and the rewards earned. */
export const useReferral = () => useQuery(getReferralQueryOptions());
