import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { accountResponseSchema } from '@wps/contracts/member-account';
import { apiRequest } from '../../../lib/api-client';
import { memberIconQueryKeyPrefix, memberInfoQueryKeyPrefix, memberQueryKeyPrefix } from './get-member-info';

/** The member's own account as the security centre shows it: the profile and how well it is protected. */
export type Account = ResponseValue<typeof accountResponseSchema>;

export const accountQueryKey = [...memberQueryKeyPrefix, 'account'] as const;

export const getAccount = (signal?: AbortSignal): Promise<Account> =>
  apiRequest<Account>('/member/account', { signal });

export const getAccountQueryOptions = () =>
  queryOptions({
    queryKey: accountQueryKey,
    queryFn: ({ signal }) => getAccount(signal),
  });

export const useAccount = () => useQuery(getAccountQueryOptions());

/** The member info and icon the header and other pages show (nickname, avatar, contacts, payment password). */
const refreshMemberInfo = (queryClient: QueryClient): Promise<void> =>
  Promise.all(
    [memberInfoQueryKeyPrefix, memberIconQueryKeyPrefix].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);

/** After a change the server answered with the account: it shows at once, and the member info loads again. */
export const applyAccountChange = (queryClient: QueryClient, account: Account): Promise<void> => {
  queryClient.setQueryData(accountQueryKey, account);
  return refreshMemberInfo(queryClient);
};

/** After a change the server did not answer with the account: both load again. */
export const refreshAccount = (queryClient: QueryClient): Promise<void> =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: accountQueryKey }),
    refreshMemberInfo(queryClient),
  ]).then(() => undefined);
