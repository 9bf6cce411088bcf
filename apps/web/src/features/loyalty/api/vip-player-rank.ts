import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { playerRankResponseSchema, VipLevelName } from '@wps/contracts/loyalty-vip';
import { apiRequest } from '../../../lib/api-client';

export type PlayerRank = ResponseValue<typeof playerRankResponseSchema>;

/** Under the loyalty prefix, so the fold's `loyalty` push (a level reached) refreshes it. */
export const playerRankQueryKey = ['loyalty', 'vip', 'player-rank'] as const;

export const getPlayerRank = (signal?: AbortSignal): Promise<PlayerRank> =>
  apiRequest<PlayerRank>('/relay/MCS2_getPlayerRank', { signal });

export const getPlayerRankQueryOptions = () =>
  queryOptions({ queryKey: playerRankQueryKey, queryFn: ({ signal }) => getPlayerRank(signal) });

/** playerRank: the member's VIP level, progress to the next, the keep status and the benefits of every level. */
export const usePlayerRank = () => useQuery(getPlayerRankQueryOptions());

/** A level's name in the site's language (Urdu when written, else English). */
export const vipLevelNameIn = (name: VipLevelName, language: string): string =>
  language.startsWith('ur') && name.ur ? name.ur : name.en;
