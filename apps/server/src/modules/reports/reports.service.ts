import type { Readable } from 'node:stream';
import { formatMinorUnits } from '@wps/contracts/money';
import {
  type Dashboard,
  type DashboardFigures,
  type DashboardQuery,
  ggrCsvColumns,
  type GgrFilter,
  type GgrQuery,
  type GgrReport,
  type GgrRow,
  maxExportRows,
  maxReportDays,
  moneyCsvColumns,
  type MoneyFilter,
  type MoneyQuery,
  type MoneyReport,
  playerCsvColumns,
  type PlayerFilter,
  type PlayerQuery,
  type PlayerReport,
  type PlayerRow,
  type ReportOptions,
} from '@wps/contracts/reports';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { streamCsv } from './reports-csv';
import {
  countActivePlayers,
  type DayFigures,
  type GgrFigures,
  type GgrFilterValues,
  type Paging,
  type Period,
  readBrandClock,
  readDays,
  readGgr,
  readMoney,
  readOptions,
  readPlayerDays,
} from './reports.repository';

/** The dashboard's default period: the last 30 days, today included. */
const defaultPeriodDays = 30;

const dayMs = 86_400_000;
const shiftDay = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string): number =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs + 1;

/** What a report shows for a group the fold could not name (a game movement without its round, a hand posting). */
const unrecordedLabel = 'Not recorded';

type Brand = { id: bigint };
type Clock = { today: string; currency: string; exponent: number; timeZone: string };

export type ReportsServiceDependencies = {
  db: Database;
  /** The brand's deposits and withdrawals waiting for staff (the payments module). */
  pendingReviews: (brandId: bigint) => Promise<{ deposits: number; withdrawals: number }>;
};

/** The period asked for, or the default one ending today (or at `to`), within the longest allowed. */
const resolvePeriod = (
  clock: Clock,
  asked: { from?: string | undefined; to?: string | undefined },
): Period => {
  const to = asked.to ?? (asked.from === undefined ? clock.today : maxDay(asked.from, clock.today));
  const from = asked.from ?? shiftDay(to, 1 - defaultPeriodDays);
  const days = daysBetween(from, to);
  if (days < 1 || days > maxReportDays) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'to', message: `from..to must be 1 to ${maxReportDays} days` }],
    });
  }
  return { from, to };
};

const maxDay = (from: string, today: string): string => {
  const last = shiftDay(from, defaultPeriodDays - 1);
  return last < today ? last : today;
};

const toPaging = (query: { pageNo: number; pageSize: number }): Paging => ({
  limit: query.pageSize,
  offset: (query.pageNo - 1) * query.pageSize,
});
const exportPaging: Paging = { limit: maxExportRows, offset: 0 };

const idOf = (value: string | undefined): bigint | undefined =>
  value === undefined ? undefined : BigInt(value);

export const createReportsService = ({ db, pendingReviews }: ReportsServiceDependencies) => {
  const clockOf = async (brand: Brand): Promise<Clock> => {
    const clock = await readBrandClock(db, brand.id);
    if (!clock) throw new AppError('NOT_FOUND');
    return clock;
  };

  const money = (clock: Clock) => (amount: bigint) => formatMinorUnits(amount, clock.exponent);

  const toDashboardFigures = (clock: Clock, day: DayFigures, activePlayers: number): DashboardFigures => {
    const format = money(clock);
    const ggr = day.stake - day.payout;
    return {
      betCount: day.betCount,
      stake: format(day.stake),
      payout: format(day.payout),
      ggr: format(ggr),
      bonus: format(day.bonusAmount),
      ngr: format(ggr - day.bonusAmount),
      deposits: { count: day.depositCount, amount: format(day.depositAmount) },
      withdrawals: { count: day.withdrawalCount, amount: format(day.withdrawalAmount) },
      activePlayers,
      newPlayers: day.newPlayers,
      firstDepositors: day.firstDepositors,
    };
  };

  const emptyDay = (day: string): DayFigures => ({
    day,
    betCount: 0,
    stake: 0n,
    payout: 0n,
    depositCount: 0,
    depositAmount: 0n,
    withdrawalCount: 0,
    withdrawalAmount: 0n,
    bonusAmount: 0n,
    activePlayers: 0,
    newPlayers: 0,
    firstDepositors: 0,
  });

  const sumDays = (days: readonly DayFigures[], label: string): DayFigures =>
    days.reduce(
      (sum, day) => ({
        day: label,
        betCount: sum.betCount + day.betCount,
        stake: sum.stake + day.stake,
        payout: sum.payout + day.payout,
        depositCount: sum.depositCount + day.depositCount,
        depositAmount: sum.depositAmount + day.depositAmount,
        withdrawalCount: sum.withdrawalCount + day.withdrawalCount,
        withdrawalAmount: sum.withdrawalAmount + day.withdrawalAmount,
        bonusAmount: sum.bonusAmount + day.bonusAmount,
        activePlayers: sum.activePlayers + day.activePlayers,
        newPlayers: sum.newPlayers + day.newPlayers,
        firstDepositors: sum.firstDepositors + day.firstDepositors,
      }),
      emptyDay(label),
    );

  const toGgrRow = (clock: Clock, figures: GgrFigures, groupBy: GgrFilterValues['groupBy']): GgrRow => {
    const format = money(clock);
    const ggr = figures.stake - figures.payout;
    const isUnrecorded = groupBy !== 'day' && (figures.key === '' || figures.key === '0');
    return {
      key: figures.key,
      label: isUnrecorded ? unrecordedLabel : figures.label,
      betCount: figures.betCount,
      stake: format(figures.stake),
      payout: format(figures.payout),
      ggr: format(ggr),
      bonus: figures.bonus === null ? null : format(figures.bonus),
      ngr: figures.bonus === null ? null : format(ggr - figures.bonus),
    };
  };

  const ggrFilterOf = (query: GgrFilter | GgrQuery): GgrFilterValues => ({
    groupBy: query.groupBy,
    productLine: query.productLine,
    vendorId: idOf(query.vendorId),
    gameId: idOf(query.gameId),
  });

  const ggrReport = async (brand: Brand, query: GgrFilter | GgrQuery, paging: Paging): Promise<GgrReport> => {
    const clock = await clockOf(brand);
    const period = resolvePeriod(clock, query);
    const filter = ggrFilterOf(query);
    const result = await readGgr(
      db,
      brand.id,
      period,
      filter,
      { column: query.sort, order: query.order },
      paging,
    );
    const pageSize = paging === 'all' ? Math.max(result.total, 1) : paging.limit;
    return {
      currency: clock.currency,
      ...period,
      list: result.rows.map((row) => toGgrRow(clock, row, filter.groupBy)),
      total: result.total,
      totalPages: Math.ceil(result.total / pageSize),
      totals: { ...toGgrRow(clock, result.totals, 'day'), key: '', label: 'Total' },
    };
  };

  const moneyReport = async (
    brand: Brand,
    query: MoneyFilter | MoneyQuery,
    paging: Paging,
  ): Promise<MoneyReport> => {
    const clock = await clockOf(brand);
    const period = resolvePeriod(clock, query);
    const result = await readMoney(
      db,
      brand.id,
      period,
      { flow: query.flow, groupBy: query.groupBy, channel: query.channel },
      { column: query.sort, order: query.order },
      paging,
    );
    const format = money(clock);
    const pageSize = paging === 'all' ? Math.max(result.total, 1) : paging.limit;
    return {
      currency: clock.currency,
      ...period,
      list: result.rows.map((row) => ({ ...row, amount: format(row.amount) })),
      total: result.total,
      totalPages: Math.ceil(result.total / pageSize),
      totals: { key: 'Total', count: result.totals.count, amount: format(result.totals.amount) },
    };
  };

  const toPlayerRow = (clock: Clock, day: DayFigures): PlayerRow => {
    const format = money(clock);
    return {
      day: day.day,
      activePlayers: day.activePlayers,
      newPlayers: day.newPlayers,
      firstDepositors: day.firstDepositors,
      depositCount: day.depositCount,
      depositAmount: format(day.depositAmount),
      withdrawalCount: day.withdrawalCount,
      withdrawalAmount: format(day.withdrawalAmount),
    };
  };

  const playerReport = async (
    brand: Brand,
    query: PlayerFilter | PlayerQuery,
    paging: Paging,
  ): Promise<PlayerReport> => {
    const clock = await clockOf(brand);
    const period = resolvePeriod(clock, query);
    const [result, activePlayers] = await Promise.all([
      readPlayerDays(db, brand.id, period, { column: query.sort, order: query.order }, paging),
      countActivePlayers(db, brand.id, period),
    ]);
    const pageSize = paging === 'all' ? Math.max(result.total, 1) : paging.limit;
    return {
      currency: clock.currency,
      ...period,
      list: result.rows.map((row) => toPlayerRow(clock, row)),
      total: result.total,
      totalPages: Math.ceil(result.total / pageSize),
      totals: toPlayerRow(clock, { ...result.totals, day: `${period.from}..${period.to}`, activePlayers }),
    };
  };

  return {
    /**
     * Today's and the period's figures with a series of every day of the period (for the charts) and the queues
     * waiting for staff. The period's active players are distinct over it, not the sum of its days.
     */
    dashboard: async (brand: Brand, query: DashboardQuery): Promise<Dashboard> => {
      const clock = await clockOf(brand);
      const period = resolvePeriod(clock, query);
      const [days, todayRows, periodPlayers, pending] = await Promise.all([
        readDays(db, brand.id, period),
        readDays(db, brand.id, { from: clock.today, to: clock.today }),
        countActivePlayers(db, brand.id, period),
        pendingReviews(brand.id),
      ]);
      const byDay = new Map(days.map((day) => [day.day, day]));
      const series = Array.from({ length: daysBetween(period.from, period.to) }, (_, index) => {
        const day = shiftDay(period.from, index);
        const figures = byDay.get(day) ?? emptyDay(day);
        return { day, ...toDashboardFigures(clock, figures, figures.activePlayers) };
      });
      const today = todayRows[0] ?? emptyDay(clock.today);
      return {
        currency: clock.currency,
        timeZone: clock.timeZone,
        today: clock.today,
        ...period,
        todayFigures: toDashboardFigures(clock, today, today.activePlayers),
        periodFigures: toDashboardFigures(clock, sumDays(days, ''), periodPlayers),
        series,
        pending,
      };
    },

    ggr: (brand: Brand, query: GgrQuery) => ggrReport(brand, query, toPaging(query)),
    /** The GGR report's every row (up to the export's cap) as CSV. */
    ggrCsv: async (brand: Brand, filter: GgrFilter): Promise<Readable> => {
      const report = await ggrReport(brand, filter, exportPaging);
      return streamCsv(
        ggrCsvColumns,
        ['key', 'label'],
        report.list.map((row) => ({
          key: row.key,
          label: row.label,
          bet_count: String(row.betCount),
          stake: row.stake,
          payout: row.payout,
          ggr: row.ggr,
          bonus: row.bonus ?? '',
          ngr: row.ngr ?? '',
        })),
      );
    },

    money: (brand: Brand, query: MoneyQuery) => moneyReport(brand, query, toPaging(query)),
    moneyCsv: async (brand: Brand, filter: MoneyFilter): Promise<Readable> => {
      const report = await moneyReport(brand, filter, exportPaging);
      return streamCsv(
        moneyCsvColumns,
        ['key'],
        report.list.map((row) => ({ key: row.key, count: String(row.count), amount: row.amount })),
      );
    },

    players: (brand: Brand, query: PlayerQuery) => playerReport(brand, query, toPaging(query)),
    playersCsv: async (brand: Brand, filter: PlayerFilter): Promise<Readable> => {
      const report = await playerReport(brand, filter, exportPaging);
      return streamCsv(
        playerCsvColumns,
        [],
        report.list.map((row) => ({
          day: row.day,
          active_players: String(row.activePlayers),
          new_players: String(row.newPlayers),
          first_depositors: String(row.firstDepositors),
          deposit_count: String(row.depositCount),
          deposit_amount: row.depositAmount,
          withdrawal_count: String(row.withdrawalCount),
          withdrawal_amount: row.withdrawalAmount,
        })),
      );
    },

    options: (brand: Brand, vendorId: string | undefined): Promise<ReportOptions> =>
      readOptions(db, brand.id, idOf(vendorId)),
  };
};

export type ReportsService = ReturnType<typeof createReportsService>;
