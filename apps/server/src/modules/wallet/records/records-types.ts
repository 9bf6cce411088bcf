import type { RecordType } from '@wps/contracts/wallet';
import type { Database } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import type { LedgerService } from '../ledger.service';
import type { WalletService } from '../wallet.service';

export type RecordsServiceDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
};

export type DateRangeQuery = {
  from?: string | undefined;
  to?: string | undefined;
  timeZone?: string | undefined;
};
export type RecordQuery = DateRangeQuery & {
  type?: RecordType | undefined;
  pageNo: number;
  pageSize: number;
};
/** The account record's filter without its page: what an export asks for. */
export type RecordFilterQuery = Omit<RecordQuery, 'pageNo' | 'pageSize'>;
export type CsvFile = { filename: string; csv: string; truncated: boolean };

export const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, issues: [{ field, message }] });
