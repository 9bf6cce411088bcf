import { apiFetch } from '../../../lib/api-client';
import type { DateRangeFilter, TransactionRecordFilter } from './get-transaction-records';
import { transactionRecordsQuery } from './get-transaction-records';
import { profitReportQuery } from './get-profit-report';

export type ExportFile = {
  blob: Blob;
  fileName: string;
  /** The server stopped at its row limit: the file is not the whole range. */
  isTruncated: boolean;
};

/** The file name the server gives in Content-Disposition, else ours. */
const fileNameOf = (response: Response, fallback: string): string => {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
};

const rangeName = (filter: DateRangeFilter): string =>
  [filter.from, filter.to].filter((part) => part !== '').join('_');

const downloadCsv = async (
  path: string,
  query: Record<string, string | null>,
  fallbackName: string,
): Promise<ExportFile> => {
  // Fetched (not a link) so the token travels in the Authorization header, never in a URL.
  const response = await apiFetch(path, { query, accept: 'text/csv' });
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response, fallbackName),
    isTruncated: response.headers.get('x-export-truncated') === 'true',
  };
};

export const downloadTransactionRecords = (filter: TransactionRecordFilter): Promise<ExportFile> =>
  downloadCsv(
    '/member/records/transactions/export',
    transactionRecordsQuery(filter),
    `account-records${rangeName(filter) ? `_${rangeName(filter)}` : ''}.csv`,
  );

export const downloadProfitReport = (filter: DateRangeFilter): Promise<ExportFile> =>
  downloadCsv(
    '/member/records/profit/export',
    profitReportQuery(filter),
    `profit-and-loss${rangeName(filter) ? `_${rangeName(filter)}` : ''}.csv`,
  );
