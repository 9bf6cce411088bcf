import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { DomainOriginEntry, domainRouteResponseSchema } from '@wps/contracts/site';
import { apiRequest } from '../../../lib/api-client';

/** The brand's mirror domains (device 0, spec section 7), each with the origin it is reached at. */
export const getDomainRoutes = async (signal?: AbortSignal): Promise<DomainOriginEntry[]> =>
  (
    await apiRequest<ResponseValue<typeof domainRouteResponseSchema>>('/system/domainRoute', {
      query: { device: 0 },
      signal,
    })
  ).domainList;

export const useDomainRoutes = () =>
  useQuery(
    queryOptions({
      queryKey: ['site', 'domain-routes'],
      queryFn: ({ signal }) => getDomainRoutes(signal),
      staleTime: 5 * 60_000,
    }),
  );
