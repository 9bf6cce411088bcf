import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { memberLoginsResponseSchema } from '@wps/contracts/members';
import { apiRequest } from '../../../lib/api-client';
import { memberQueryKeyPrefix } from './get-member-info';

export type SignInPage = ResponseValue<typeof memberLoginsResponseSchema>;

export const signInPageSize = 10;

const signInsQueryKeyPrefix = [...memberQueryKeyPrefix, 'sign-ins'] as const;

/** The member's own sign-in history (logins, logouts, password changes), newest first, a page at a time. */
export const getSignIns = (pageNo: number, signal?: AbortSignal): Promise<SignInPage> =>
  apiRequest<SignInPage>('/member/account/sign-ins', {
    query: { pageNo, pageSize: signInPageSize },
    signal,
  });

export const getSignInsQueryOptions = (pageNo: number) =>
  queryOptions({
    queryKey: [...signInsQueryKeyPrefix, pageNo],
    queryFn: ({ signal }) => getSignIns(pageNo, signal),
    // The page shown stays while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  });

export const useSignIns = (pageNo: number) => useQuery(getSignInsQueryOptions(pageNo));
