import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { CustomerServiceEntry, Permission } from '@wps/contracts/site';
import { decryptTransportText } from '@wps/contracts/transport-cipher';
import { apiRequest } from '../../../lib/api-client';

// The spec says any status other than 0, 1 or 2 renders nothing, so the site takes a status it does not
// know yet (a newer server's) instead of treating the whole configuration as broken.
export type SitePermission = Omit<Permission, 'status'> & { status: number };

const decryptCustomerService = async (
  merchantCode: string,
  entries: readonly CustomerServiceEntry[],
): Promise<CustomerServiceEntry[]> => {
  const decrypted = await Promise.all(
    entries.map(async (entry) => {
      try {
        return { ...entry, path: await decryptTransportText(merchantCode, entry.path) };
      } catch {
        // One unreadable link must not take the site down; the entry is left out instead.
        return null;
      }
    }),
  );
  return decrypted.filter((entry) => entry !== null);
};

/** The site configuration, with customer-service links already decrypted. */
export const getPermission = async (signal?: AbortSignal): Promise<SitePermission> => {
  const permission = await apiRequest<SitePermission>('/system/permission', { signal });
  const customerService = await decryptCustomerService(
    permission.merchantCode,
    permission.info.customerService,
  );
  return { ...permission, info: { ...permission.info, customerService } };
};

// Fetched once at boot and kept for the whole visit: never stale, never refetched, never collected.
export const getPermissionQueryOptions = () =>
  queryOptions({
    queryKey: ['site', 'permission'],
    queryFn: ({ signal }) => getPermission(signal),
    staleTime: 'static',
    gcTime: Infinity,
    retry: false,
  });

export const usePermission = (): SitePermission => useSuspenseQuery(getPermissionQueryOptions()).data;
