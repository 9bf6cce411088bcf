import { formatMinorUnits } from '@wps/contracts/money';
import type { ProfitReport } from '@wps/contracts/wallet';
import type { WalletOwner } from '../wallet.service';
import * as repository from '../wallet.repository';
import type { WalletBrand } from '../wallet-context';
import { resolveRange } from './date-range';
import type { DateRangeQuery, RecordsServiceDependencies } from './records-types';

/** Personal profit and loss over a checked range: by product line, by the member's day, and in total. */
export const reportProfitIn = async (
  { db, ledger, wallet }: RecordsServiceDependencies,
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

/** The profit report over the member's days as asked (checked first). */
export const reportProfit = async (
  deps: RecordsServiceDependencies,
  member: WalletOwner,
  brand: WalletBrand,
  query: DateRangeQuery,
): Promise<ProfitReport> => reportProfitIn(deps, member, brand, await resolveRange(deps, brand, query));
