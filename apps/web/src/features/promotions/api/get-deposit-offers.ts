import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositOffer, depositOffersResponseSchema } from '@wps/contracts/deposit-bonuses';
import type { ResponseValue } from '@wps/contracts/envelope';
import { apiRequest } from '../../../lib/api-client';

export const getDepositOffers = (channelCode: string, signal?: AbortSignal): Promise<DepositOffer[]> =>
  apiRequest<ResponseValue<typeof depositOffersResponseSchema>>(
    `/promotions/deposit-offers?channelCode=${encodeURIComponent(channelCode)}`,
    { signal },
  ).then((value) => value.list);

/** Under the wallet's prefix: a credited deposit (which refreshes the balance) changes what is offered. */
export const getDepositOffersQueryOptions = (channelCode: string) =>
  queryOptions({
    queryKey: ['wallet', 'deposit-offers', channelCode],
    queryFn: ({ signal }) => getDepositOffers(channelCode, signal),
  });

/** The deposit bonuses the member may pick with a deposit through `channelCode` (none before a channel). */
export const useDepositOffers = (channelCode: string | null) =>
  useQuery({ ...getDepositOffersQueryOptions(channelCode ?? ''), enabled: channelCode !== null });
