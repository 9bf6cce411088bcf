import { formatMinorUnits } from '@wps/contracts/money';
import type { ProfitReport } from '@wps/contracts/wallet';
import { stringify } from 'csv-stringify/sync';
import type { WalletOwner } from '../wallet.service';
import * as repository from '../wallet.repository';
import type { WalletBrand } from '../wallet-context';
import { resolveRange } from './date-range';
import { reportProfitIn } from './profit-report';
import type { CsvFile, DateRangeQuery, RecordFilterQuery, RecordsServiceDependencies } from './records-types';
import { recordFilter, recordTypeOf } from './transaction-records';

/** An export holds at most this many rows (the newest); the answer says when there were more. */
export const exportRowLimit = 10_000;

/**
 * A spreadsheet runs a cell that starts with = + - @ as a formula; free text (references players type, memos)
 * is prefixed with an apostrophe so an export cannot carry one. Amounts are written as they are.
 */
const neutraliseFormula = (text: string | null): string =>
  text !== null && /^[=+\-@\t\r]/.test(text) ? `'${text}` : (text ?? '');

const toCsv = (header: string[], rows: string[][]): string =>
  // The byte order mark makes spreadsheets read the file as UTF-8.
  stringify([header, ...rows], { bom: true });

const rangeName = (range: repository.DateRange): string =>
  range.from === undefined && range.to === undefined
    ? 'all'
    : `${range.from ?? 'start'}_${range.to ?? 'today'}`;

const transactionHeader = [
  'time',
  'type',
  'kind',
  'amount',
  'balanceAfter',
  'currency',
  'reference',
  'memo',
  'transactionId',
];

/** The account record as a CSV sheet: the newest exportRowLimit rows of the filter, in the member's time. */
export const exportTransactions = async (
  deps: RecordsServiceDependencies,
  member: WalletOwner,
  brand: WalletBrand,
  query: RecordFilterQuery,
): Promise<CsvFile> => {
  const { db, ledger } = deps;
  const filter = await recordFilter(deps, member, brand, query);
  const [total, rows, exponent] = await Promise.all([
    repository.countRecords(db, filter),
    repository.listRecords(db, filter, { limit: exportRowLimit, offset: 0 }),
    ledger.getCurrencyExponent(brand.currency),
  ]);
  const lines = rows.map((row) => [
    row.localTime,
    recordTypeOf(row.kind),
    row.kind,
    formatMinorUnits(row.amount, exponent),
    formatMinorUnits(row.balanceAfter, exponent),
    brand.currency,
    neutraliseFormula(row.reference),
    neutraliseFormula(row.memo),
    row.transactionId.toString(),
  ]);
  return {
    filename: `account-records_${rangeName(filter)}.csv`,
    csv: toCsv(transactionHeader, lines),
    truncated: total > rows.length,
  };
};

/** Both tables of the report in one sheet: a `group` column says which table a row belongs to. */
export const exportProfit = async (
  deps: RecordsServiceDependencies,
  member: WalletOwner,
  brand: WalletBrand,
  query: DateRangeQuery,
): Promise<CsvFile> => {
  const range = await resolveRange(deps, brand, query);
  const report = await reportProfitIn(deps, member, brand, range);
  const line = (group: string, name: string, row: ProfitReport['total']) => [
    group,
    name,
    row.betAmount,
    row.winAmount,
    row.profit,
    report.currency,
  ];
  const rows = [
    ...report.byProduct.map((row) => line('product', row.productLine, row)),
    ...report.byDay.map((row) => line('day', row.day, row)),
    line('total', '', report.total),
  ];
  return {
    filename: `profit-and-loss_${rangeName(range)}.csv`,
    csv: toCsv(['group', 'name', 'betAmount', 'winAmount', 'profit', 'currency'], rows),
    truncated: false,
  };
};
