import { formatMinorUnits } from '@wps/contracts/money';
import {
  type ProfitReport,
  type RecordType,
  recordTypes,
  type TransactionRecord,
} from '@wps/contracts/wallet';
import { stringify } from 'csv-stringify/sync';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { LedgerService } from './ledger.service';
import type { WalletOwner, WalletService } from './wallet.service';
import * as repository from './wallet.repository';
import type { WalletBrand } from './wallet-context';

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
export type CsvFile = { filename: string; csv: string; truncated: boolean };

/** An export holds at most this many rows (the newest); the answer says when there were more. */
export const exportRowLimit = 10_000;

const isRecordType = (value: string): value is RecordType =>
  (recordTypes as readonly string[]).includes(value);

/** The record type is the first segment of the ledger kind; kinds no type names are 'other'. */
export const recordTypeOf = (kind: string): RecordType | 'other' => {
  const segment = kind.split('.', 1)[0] ?? '';
  return isRecordType(segment) ? segment : 'other';
};

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, issues: [{ field, message }] });

/**
 * The contract checks the shape yyyy-MM-dd; this refuses dates that do not exist (2025-02-30) and years no
 * record can have (PostgreSQL has no year 0), which would otherwise fail in the database.
 */
const isCalendarDate = (value: string): boolean => {
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === value &&
    value >= '1900-01-01' &&
    value <= '2999-12-31'
  );
};

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

/**
 * The account record (every movement of the main wallet) and personal profit and loss, with their CSV
 * exports. Days are the member's days: the date range and the daily totals follow their time zone.
 */
export const createRecordsService = ({
  db,
  ledger,
  wallet,
}: {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
}) => {
  const resolveRange = async (brand: WalletBrand, query: DateRangeQuery): Promise<repository.DateRange> => {
    const timeZone = query.timeZone ?? brand.timeZone;
    // The pattern keeps arbitrary text away from the database; the database decides whether the zone exists.
    if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(timeZone) || !(await repository.isKnownTimeZone(db, timeZone))) {
      throw fieldError('timeZone', 'Unknown time zone');
    }
    for (const field of ['from', 'to'] as const) {
      const value = query[field];
      if (value !== undefined && !isCalendarDate(value)) throw fieldError(field, 'No such date');
    }
    if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
      throw fieldError('to', 'The end date is before the start date');
    }
    return { from: query.from, to: query.to, timeZone };
  };

  const toRecord = (row: repository.RecordRow, exponent: number): TransactionRecord => ({
    id: row.entryId.toString(),
    transactionId: row.transactionId.toString(),
    time: row.createdAt.toISOString(),
    type: recordTypeOf(row.kind),
    kind: row.kind,
    amount: formatMinorUnits(row.amount, exponent),
    balanceAfter: formatMinorUnits(row.balanceAfter, exponent),
    reference: row.reference,
    memo: row.memo,
  });

  const recordFilter = async (
    member: WalletOwner,
    brand: WalletBrand,
    query: Omit<RecordQuery, 'pageNo' | 'pageSize'>,
  ) => ({
    ...(await resolveRange(brand, query)),
    accountId: (await wallet.cashAccount(member, brand.currency)).id,
    type: query.type,
  });

  const transactions = async (member: WalletOwner, brand: WalletBrand, query: RecordQuery) => {
    const filter = await recordFilter(member, brand, query);
    const [total, rows, exponent] = await Promise.all([
      repository.countRecords(db, filter),
      repository.listRecords(db, filter, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      }),
      ledger.getCurrencyExponent(brand.currency),
    ]);
    return {
      list: rows.map((row) => toRecord(row, exponent)),
      total,
      totalPages: Math.ceil(total / query.pageSize),
      currency: brand.currency,
    };
  };

  const exportTransactions = async (
    member: WalletOwner,
    brand: WalletBrand,
    query: Omit<RecordQuery, 'pageNo' | 'pageSize'>,
  ): Promise<CsvFile> => {
    const filter = await recordFilter(member, brand, query);
    const [total, rows, exponent] = await Promise.all([
      repository.countRecords(db, filter),
      repository.listRecords(db, filter, { limit: exportRowLimit, offset: 0 }),
      ledger.getCurrencyExponent(brand.currency),
    ]);
    const header = [
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
      csv: toCsv(header, lines),
      truncated: total > rows.length,
    };
  };

  const profitIn = async (
    member: WalletOwner,
    brand: WalletBrand,
    range: repository.DateRange,
  ): Promise<ProfitReport> => {
    const account = await wallet.cashAccount(member, brand.currency);
    const [rows, exponent] = await Promise.all([
      repository.sumProfit(db, account.id, range),
      ledger.getCurrencyExponent(brand.currency),
    ]);
    const figures = (row: { bet: bigint; win: bigint }) => ({
      betAmount: formatMinorUnits(row.bet, exponent),
      winAmount: formatMinorUnits(row.win, exponent),
      profit: formatMinorUnits(row.win - row.bet, exponent),
    });
    const byProduct = rows.flatMap((row) =>
      row.productLine !== null && row.day === null ? [{ productLine: row.productLine, ...figures(row) }] : [],
    );
    const byDay = rows.flatMap((row) =>
      row.day !== null && row.productLine === null ? [{ day: row.day, ...figures(row) }] : [],
    );
    const total = rows.find((row) => row.day === null && row.productLine === null) ?? { bet: 0n, win: 0n };
    return {
      currency: brand.currency,
      byProduct: byProduct.sort((a, b) => a.productLine.localeCompare(b.productLine)),
      // Newest day first, as the account record lists newest first.
      byDay: byDay.sort((a, b) => b.day.localeCompare(a.day)),
      total: figures(total),
    };
  };

  /** Both tables of the report in one sheet: a `group` column says which table a row belongs to. */
  const exportProfit = async (
    member: WalletOwner,
    brand: WalletBrand,
    query: DateRangeQuery,
  ): Promise<CsvFile> => {
    const range = await resolveRange(brand, query);
    const report = await profitIn(member, brand, range);
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

  return {
    /**
     * A member's day range checked (real dates, in order, a zone PostgreSQL knows; the brand's zone when
     * absent), for other records that count days the same way (the betting record).
     */
    resolveRange,
    transactions,
    exportTransactions,
    profit: async (member: WalletOwner, brand: WalletBrand, query: DateRangeQuery) =>
      profitIn(member, brand, await resolveRange(brand, query)),
    exportProfit,
    /** The newest records of a member's main wallet, for the operator's view of the member. */
    latest: async (member: WalletOwner, brand: WalletBrand, limit: number): Promise<TransactionRecord[]> =>
      (await transactions(member, brand, { pageNo: 1, pageSize: limit })).list,
  };
};

export type RecordsService = ReturnType<typeof createRecordsService>;
