import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { bonusListResponseSchema } from '@wps/contracts/promotions';
import { apiRequest } from '../../../lib/api-client';

export type BonusList = ResponseValue<typeof bonusListResponseSchema>;

/** The member's bonuses; under the wallet's prefix, so whatever refreshes the balance refreshes them too. */
export const bonusesQueryKey = ['wallet', 'bonuses'] as const;

export const getBonuses = (signal?: AbortSignal): Promise<BonusList> =>
  apiRequest<BonusList>('/bonuses', { signal });

export const getBonusesQueryOptions = () =>
  queryOptions({ queryKey: bonusesQueryKey, queryFn: ({ signal }) => getBonuses(signal) });

/** bonusDetails: the active bonus with its wagering, and the history. */
export const useBonuses = () => useQuery(getBonusesQueryOptions());
