import * as repository from '../wallet.repository';
import type { WalletBrand } from '../wallet-context';
import { type DateRangeQuery, fieldError, type RecordsServiceDependencies } from './records-types';

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
 * A member's day range checked (real dates, in order, a zone PostgreSQL knows; the brand's zone when
 * absent), for the account record, the profit report and other records that count days the same way (the
 * betting record).
 */
export const resolveRange = async (
  { db }: Pick<RecordsServiceDependencies, 'db'>,
  brand: WalletBrand,
  query: DateRangeQuery,
): Promise<repository.DateRange> => {
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
