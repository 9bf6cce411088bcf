import type { WalletOwner } from './wallet.service';
import type { WalletBrand } from './wallet-context';
import { resolveRange } from './records/date-range';
import { reportProfit } from './records/profit-report';
import { exportProfit, exportTransactions } from './records/record-exports';
import type {
  DateRangeQuery,
  RecordFilterQuery,
  RecordQuery,
  RecordsServiceDependencies,
} from './records/records-types';
import { listLatestTransactionRecords, listTransactionRecords } from './records/transaction-records';

export type {
  CsvFile,
  DateRangeQuery,
  RecordQuery,
  RecordsServiceDependencies,
} from './records/records-types';

/**
 * The account record (every movement of the main wallet) and personal profit and loss, with their CSV
 * exports. Days are the member's days: the date range and the daily totals follow their time zone.
 *
 * The use cases live in ./records/, one file each; this binds them to one set of dependencies.
 */
export const createRecordsService = (deps: RecordsServiceDependencies) => ({
  /**
   * A member's day range checked (real dates, in order, a zone PostgreSQL knows; the brand's zone when
   * absent), for other records that count days the same way (the betting record).
   */
  resolveRange: (brand: WalletBrand, query: DateRangeQuery) => resolveRange(deps, brand, query),

  transactions: (member: WalletOwner, brand: WalletBrand, query: RecordQuery) =>
    listTransactionRecords(deps, member, brand, query),

  exportTransactions: (member: WalletOwner, brand: WalletBrand, query: RecordFilterQuery) =>
    exportTransactions(deps, member, brand, query),

  profit: (member: WalletOwner, brand: WalletBrand, query: DateRangeQuery) =>
    reportProfit(deps, member, brand, query),

  exportProfit: (member: WalletOwner, brand: WalletBrand, query: DateRangeQuery) =>
    exportProfit(deps, member, brand, query),

  /** The newest records of a member's main wallet, for the operator's view of the member. */
  latest: (member: WalletOwner, brand: WalletBrand, limit: number) =>
    listLatestTransactionRecords(deps, member, brand, limit),
});

export type RecordsService = ReturnType<typeof createRecordsService>;
