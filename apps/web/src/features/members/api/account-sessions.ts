import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type {
  AccountSession,
  accountSessionsResponseSchema,
  signOutOthersResponseSchema,
} from '@wps/contracts/member-account';
import { apiRequest } from '../../../lib/api-client';
import { memberQueryKeyPrefix } from './get-member-info';

export const accountSessionsQueryKey = [...memberQueryKeyPrefix, 'sessions'] as const;

/** Where the member is signed in; the session of this browser is marked current. */
export const getAccountSessions = async (signal?: AbortSignal): Promise<AccountSession[]> =>
  (
    await apiRequest<ResponseValue<typeof accountSessionsResponseSchema>>('/member/account/sessions', {
      signal,
    })
  ).list;

export const getAccountSessionsQueryOptions = () =>
  queryOptions({
    queryKey: accountSessionsQueryKey,
    queryFn: ({ signal }) => getAccountSessions(signal),
  });

export const useAccountSessions = () => useQuery(getAccountSessionsQueryOptions());

/** Signs out every session but this one; answers how many were signed out. */
export const signOutOtherSessions = async (): Promise<number> =>
  (
    await apiRequest<ResponseValue<typeof signOutOthersResponseSchema>>('/member/account/sessions/others', {
      method: 'DELETE',
    })
  ).signedOut;

export const useSignOutOtherSessions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
};
