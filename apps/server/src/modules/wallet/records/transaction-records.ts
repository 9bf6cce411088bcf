import { formatMinorUnits } from '@wps/contracts/money';
import { type RecordType, recordTypes, type TransactionRecord } from '@wps/contracts/wallet';
import type { WalletOwner } from '../wallet.service';
import * as repository from '../wallet.repository';
import type { WalletBrand } from '../wallet-context';
import { resolveRange } from './date-range';
import type { RecordFilterQuery, RecordQuery, RecordsServiceDependencies } from './records-types';

const isRecordType = (value: string): value is RecordType =>
  (recordTypes as readonly string[]).includes(value);

/** The record type is the first segment of the ledger kind; kinds no type names are 'other'. */
export const recordTypeOf = (kind: string): RecordType | 'other' => {
  const segment = kind.split('.', 1)[0] ?? '';
  return isRecordType(segment) ? segment : 'other';
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

/** The member's main wallet, their days and the record type asked for, as the repository filters them. */
export const recordFilter = async (
  deps: Pick<RecordsServiceDependencies, 'db' | 'wallet'>,
  member: WalletOwner,
  brand: WalletBrand,
  query: RecordFilterQuery,
): Promise<repository.RecordFilter> => ({
  ...(await resolveRange(deps, brand, query)),
  accountId: (await deps.wallet.cashAccount(member, brand.currency)).id,
  type: query.type,
});

/** The account record: every movement of the member's main wallet in their days, newest first, paged. */
export const listTransactionRecords = async (
  deps: RecordsServiceDependencies,
  member: WalletOwner,
  brand: WalletBrand,
  query: RecordQuery,
) => {
  const { db, ledger } = deps;
  const filter = await recordFilter(deps, member, brand, query);
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

/** The newest records of a member's main wallet, for the operator's view of the member. */
export const listLatestTransactionRecords = async (
  deps: RecordsServiceDependencies,
  member: WalletOwner,
  brand: WalletBrand,
  limit: number,
): Promise<TransactionRecord[]> =>
  (await listTransactionRecords(deps, member, brand, { pageNo: 1, pageSize: limit })).list;
