import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  auditListResponseSchema,
  auditVerifyResponseSchema,
  type AuditActorType,
  type AuditChainVerification,
  type AuditEventView,
} from '@wps/contracts/audit';
import { apiDownload, apiRequest } from '../../lib/api-client';
import { listRefreshMs } from '../../lib/query-client';
import { saveFile } from '../../lib/save-file';

export type AuditEvent = AuditEventView;
export type { AuditChainVerification };

/** The filter form's fields as typed; dates are the operator's own calendar days (YYYY-MM-DD), both included. */
export type AuditFilter = {
  actorType: AuditActorType | '';
  actorId: string;
  action: string;
  entityType: string;
  entityId: string;
  fromDate: string;
  toDate: string;
};

export const emptyAuditFilter: AuditFilter = {
  actorType: '',
  actorId: '',
  action: '',
  entityType: '',
  entityId: '',
  fromDate: '',
  toDate: '',
};

/** Midnight starting a calendar day in the browser's time zone, as an instant. */
const startOfDay = (day: string, addDays = 0): string | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + addDays).toISOString();
};

/** The filter as the server reads it: empty fields left out, the day range as [from, to) instants. */
export const toAuditQuery = (filter: AuditFilter) => ({
  actorType: filter.actorType,
  actorId: filter.actorId.trim(),
  action: filter.action.trim(),
  entityType: filter.entityType.trim(),
  entityId: filter.entityId.trim(),
  from: startOfDay(filter.fromDate),
  // The last day is included: events before the next day's midnight.
  to: startOfDay(filter.toDate, 1),
});

export const useAuditEvents = (filter: AuditFilter, pageNo: number) =>
  useQuery({
    queryKey: ['audit', filter, pageNo],
    queryFn: ({ signal }) =>
      apiRequest('/audit', auditListResponseSchema, {
        query: { ...toAuditQuery(filter), pageNo, pageSize: 50 },
        signal,
      }),
    refetchInterval: listRefreshMs,
    placeholderData: keepPreviousData,
  });

/** Walks the whole hash chain on the server: whether it holds, or its first broken row. */
export const useVerifyAuditChain = () =>
  useMutation({
    mutationFn: () => apiRequest('/audit/verify', auditVerifyResponseSchema, { method: 'POST' }),
  });

/** Every event of the filter as a CSV file (the server streams it), saved by the browser. */
export const useExportAuditCsv = () =>
  useMutation({
    mutationFn: async (filter: AuditFilter) => {
      const { blob, fileName } = await apiDownload('/audit/export', toAuditQuery(filter));
      saveFile(blob, fileName ?? 'audit-events.csv');
    },
  });
