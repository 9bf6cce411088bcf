import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { RecordType, transactionRecordsResponseSchema } from '@wps/contracts/wallet';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { walletQueryKeys } from './query-keys';

export const transactionRecordsPageSize = 20;

/** A date range in the member's own time zone (the browser's), yyyy-MM-dd; empty means the server's default. */
export type DateRangeFilter = { from: string; to: string; timeZone: string };
export type TransactionRecordFilter = DateRangeFilter & { type: RecordType | null };
export type TransactionRecordPage = z.output<typeof transactionRecordsResponseSchema>['value'];

export const transactionRecordsQuery = (filter: TransactionRecordFilter) => ({
  type: filter.type,
  from: filter.from || null,
  to: filter.to || null,
  timeZone: filter.timeZone,
});

export const getTransactionRecords = (
  filter: TransactionRecordFilter,
  pageNo: number,
  signal?: AbortSignal,
): Promise<TransactionRecordPage> =>
  apiRequest<ResponseValue<typeof transactionRecordsResponseSchema>>('/member/records/transactions', {
    query: { ...transactionRecordsQuery(filter), pageNo, pageSize: transactionRecordsPageSize },
    signal,
  });

export const getTransactionRecordsQueryOptions = (filter: TransactionRecordFilter, pageNo: number) =>
  queryOptions({
    queryKey: [...walletQueryKeys.records, 'transactions', filter, pageNo],
    queryFn: ({ signal }) => getTransactionRecords(filter, pageNo, signal),
    staleTime: 0,
  });

/** The page stays on screen while the next one loads, so the table does not jump. */
export const useTransactionRecords = (filter: TransactionRecordFilter, pageNo: number) =>
  useQuery({ ...getTransactionRecordsQueryOptions(filter, pageNo), placeholderData: keepPreviousData });
