import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  dashboardResponseSchema,
  ggrReportResponseSchema,
  moneyReportResponseSchema,
  playerReportResponseSchema,
  reportOptionsResponseSchema,
  type Dashboard,
  type GgrGrouping,
  type GgrRow,
  type MoneyFlowName,
  type MoneyRow,
  type PlayerRow,
} from '@wps/contracts/reports';
import { apiDownload, apiRequest } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

export type { Dashboard, GgrGrouping, GgrRow, MoneyFlowName, MoneyRow, PlayerRow };

/** The dashboard refreshes on its own this often (the server's figures follow the money by about a second). */
export const dashboardRefreshMs = 30_000;

/** A period of the brand's days as typed (YYYY-MM-DD, both included); empty: the server's default. */
export type Period = { from: string; to: string };
export const defaultPeriod: Period = { from: '', to: '' };

export type SortOrder = 'asc' | 'desc';
export type Sort<Column extends string> = { column: Column; order: SortOrder };
export const reportPageSize = 50;

export const useDashboard = (period: Period) =>
  useQuery({
    queryKey: ['reports', 'dashboard', period],
    queryFn: ({ signal }) =>
      apiRequest('/reports/dashboard', dashboardResponseSchema, { query: period, signal }),
    refetchInterval: dashboardRefreshMs,
    placeholderData: keepPreviousData,
  });

/** The GGR report's filter as the form holds it; empty fields are left out of the query. */
export type GgrFilter = Period & {
  groupBy: GgrGrouping;
  productLine: string;
  vendorId: string;
  gameId: string;
};
export const emptyGgrFilter: GgrFilter = {
  ...defaultPeriod,
  groupBy: 'day',
  productLine: '',
  vendorId: '',
  gameId: '',
};
export type GgrSortColumn = 'key' | 'label' | 'betCount' | 'stake' | 'payout' | 'ggr';

const ggrQuery = (filter: GgrFilter, sort: Sort<GgrSortColumn>) => ({
  ...filter,
  sort: sort.column,
  order: sort.order,
});

export const useGgrReport = (filter: GgrFilter, sort: Sort<GgrSortColumn>, pageNo: number) =>
  useQuery({
    queryKey: ['reports', 'ggr', filter, sort, pageNo],
    queryFn: ({ signal }) =>
      apiRequest('/reports/ggr', ggrReportResponseSchema, {
        query: { ...ggrQuery(filter, sort), pageNo, pageSize: reportPageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Money in and out (or bonus cost) by channel or day. */
export type MoneyFilter = Period & { flow: MoneyFlowName; groupBy: 'channel' | 'day'; channel: string };
export type MoneySortColumn = 'key' | 'count' | 'amount';

const moneyQuery = (filter: MoneyFilter, sort: Sort<MoneySortColumn>) => ({
  ...filter,
  sort: sort.column,
  order: sort.order,
});

export const useMoneyReport = (filter: MoneyFilter, sort: Sort<MoneySortColumn>, pageNo: number) =>
  useQuery({
    queryKey: ['reports', 'money', filter, sort, pageNo],
    queryFn: ({ signal }) =>
      apiRequest('/reports/money', moneyReportResponseSchema, {
        query: { ...moneyQuery(filter, sort), pageNo, pageSize: reportPageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export type PlayerSortColumn = 'day' | 'activePlayers' | 'newPlayers' | 'firstDepositors' | 'depositCount';

const playerQuery = (period: Period, sort: Sort<PlayerSortColumn>) => ({
  ...period,
  sort: sort.column,
  order: sort.order,
});

export const usePlayerReport = (period: Period, sort: Sort<PlayerSortColumn>, pageNo: number) =>
  useQuery({
    queryKey: ['reports', 'players', period, sort, pageNo],
    queryFn: ({ signal }) =>
      apiRequest('/reports/players', playerReportResponseSchema, {
        query: { ...playerQuery(period, sort), pageNo, pageSize: reportPageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The filters' choices: product lines, vendors, and the chosen vendor's games. */
export const useReportOptions = (vendorId: string) =>
  useQuery({
    queryKey: ['reports', 'options', vendorId],
    queryFn: ({ signal }) =>
      apiRequest('/reports/options', reportOptionsResponseSchema, { query: { vendorId }, signal }),
    staleTime: 60_000,
  });

/** A report's every row of the filter as a CSV file (made by the server), saved by the browser. */
export type ReportExport =
  | { report: 'ggr'; filter: GgrFilter; sort: Sort<GgrSortColumn> }
  | { report: 'money'; filter: MoneyFilter; sort: Sort<MoneySortColumn> }
  | { report: 'players'; filter: Period; sort: Sort<PlayerSortColumn> };

const exportQuery = (request: ReportExport) => {
  switch (request.report) {
    case 'ggr':
      return ggrQuery(request.filter, request.sort);
    case 'money':
      return moneyQuery(request.filter, request.sort);
    case 'players':
      return playerQuery(request.filter, request.sort);
  }
};

export const useExportReport = () =>
  useMutation({
    mutationFn: async (request: ReportExport) => {
      const { blob, fileName } = await apiDownload(`/reports/${request.report}/export`, exportQuery(request));
      saveFile(blob, fileName ?? `${request.report}.csv`);
    },
  });
