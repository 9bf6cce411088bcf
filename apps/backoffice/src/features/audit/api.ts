import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditListResponseSchema } from '@wps/contracts/wallet';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { listRefreshMs } from '../../lib/query-client';

export type AuditEvent = z.infer<typeof auditListResponseSchema>['value']['list'][number];
export type AuditFilter = { entityType: string; entityId: string };

export const useAuditEvents = (filter: AuditFilter, pageNo: number) =>
  useQuery({
    queryKey: ['audit', filter, pageNo],
    queryFn: ({ signal }) =>
      apiRequest('/audit', auditListResponseSchema, {
        query: { entityType: filter.entityType, entityId: filter.entityId, pageNo, pageSize: 50 },
        signal,
      }),
    refetchInterval: listRefreshMs,
    placeholderData: keepPreviousData,
  });
