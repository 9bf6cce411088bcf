import { queryOptions, useQuery } from '@tanstack/react-query';
import type { memberIconResponseSchema, MemberInfo, memberInfoResponseSchema } from '@wps/contracts/auth';
import type { ResponseValue } from '@wps/contracts/envelope';
import { apiRequest } from '../../../lib/api-client';

export const getMemberInfo = (signal?: AbortSignal): Promise<MemberInfo> =>
  apiRequest<ResponseValue<typeof memberInfoResponseSchema>>('/member/info', { signal });

export const getMemberIcon = (signal?: AbortSignal): Promise<string | null> =>
  apiRequest<ResponseValue<typeof memberIconResponseSchema>>('/member/info/icon', { signal }).then(
    (value) => value.avatarUrl,
  );

/** The member info of any login (its key ends with the token). */
export const memberInfoQueryKeyPrefix = ['members', 'info'] as const;

// The token is part of the key: a new login is a new member, never the previous one's cached answer.
export const getMemberInfoQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...memberInfoQueryKeyPrefix, token],
    queryFn: ({ signal }) => getMemberInfo(signal),
  });

/** The member's avatar of any login (its key ends with the token). */
export const memberIconQueryKeyPrefix = ['members', 'icon'] as const;

export const getMemberIconQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...memberIconQueryKeyPrefix, token],
    queryFn: ({ signal }) => getMemberIcon(signal),
    staleTime: 5 * 60_000,
  });

/** Every query of a member's own data, for refreshing after a change or dropping at logout. */
export const memberQueryKeyPrefix = ['members'] as const;

export const useMemberIcon = (token: string | null): string | null =>
  useQuery({ ...getMemberIconQueryOptions(token ?? ''), enabled: token !== null }).data ?? null;
