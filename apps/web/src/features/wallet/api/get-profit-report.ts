import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { ProfitReport, profitReportResponseSchema } from '@wps/contracts/wallet';
import { apiRequest } from '../../../lib/api-client';
import type { DateRangeFilter } from './get-transaction-records';
import { walletQueryKeys } from './query-keys';

export const profitReportQuery = (filter: DateRangeFilter) => ({
  from: filter.from || null,
  to: filter.to || null,
  timeZone: filter.timeZone,
});

export const getProfitReport = (filter: DateRangeFilter, signal?: AbortSignal): Promise<ProfitReport> =>
  apiRequest<ResponseValue<typeof profitReportResponseSchema>>('/member/records/profit', {
    query: profitReportQuery(filter),
    signal,
  });

export const getProfitReportQueryOptions = (filter: DateRangeFilter) =>
  queryOptions({
    queryKey: [...walletQueryKeys.records, 'profit', filter],
    queryFn: ({ signal }) => getProfitReport(filter, signal),
    staleTime: 0,
  });

export const useProfitReport = (filter: DateRangeFilter) =>
  useQuery({ ...getProfitReportQueryOptions(filter), placeholderData: keepPreviousData });
