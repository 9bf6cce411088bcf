import { z } from 'zod';
import { successEnvelope } from './envelope';

/**
 * The operator's dashboard and reports (under /wps/backoffice/reports). Days are the brand's (its time zone),
 * amounts decimal strings of the brand's currency, read from the reports' roll-ups (never from the ledger's
 * rows). GGR = stakes − payouts; NGR = GGR − bonus cost.
 */

/** The longest period a dashboard or report covers. */
export const maxReportDays = 366;

const day = z.iso.date();

const dayCount = (from: string, to: string): number =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** A period of the brand's days, both included; without one, the last 30 days to today. */
const periodFields = { from: day.optional(), to: day.optional() };

const checkPeriod = (
  period: { from?: string | undefined; to?: string | undefined },
  context: z.RefinementCtx,
) => {
  if (period.from === undefined || period.to === undefined) return;
  const days = dayCount(period.from, period.to);
  if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  else if (days > maxReportDays)
    context.addIssue({ code: 'custom', path: ['to'], message: `at most ${maxReportDays} days` });
};

export const dashboardQuerySchema = z.strictObject(periodFields).superRefine(checkPeriod);
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const moneyCountSchema = z.object({ count: z.number().int(), amount: z.string() });

/** A day's or a period's figures. */
export const dashboardFiguresSchema = z.object({
  betCount: z.number().int(),
  stake: z.string(),
  payout: z.string(),
  ggr: z.string(),
  bonus: z.string(),
  ngr: z.string(),
  deposits: moneyCountSchema,
  withdrawals: moneyCountSchema,
  /** Players who bet (distinct over the period). */
  activePlayers: z.number().int(),
  newPlayers: z.number().int(),
  firstDepositors: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const dashboardSchema = z.object({
  currency: z.string(),
  timeZone: z.string(),
  /** The brand's today. */
  today: day,
  from: day,
  to: day,
  todayFigures: dashboardFiguresSchema,
  periodFigures: dashboardFiguresSchema,
  /** One entry per day of the period, oldest first (days without activity too), for the charts. */
  series: z.array(dashboardFiguresSchema.extend({ day })),
  /** Waiting for staff now: deposits to approve, withdrawals to decide (first or second approval). */
  pending: z.object({ deposits: z.number().int(), withdrawals: z.number().int() }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = successEnvelope(dashboardSchema);

export const sortOrders = ['asc', 'desc'] as const;

const pageFields = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  order: z.enum(sortOrders).default('asc'),
};

const idText = z.string().regex(/^[0-9]{1,18}$/, 'an id');

/** GGR and NGR by day, product line, vendor or game. NGR only by day and unfiltered: bonuses belong to no game. */
export const ggrGroupings = ['day', 'product_line', 'vendor', 'game'] as const;
export type GgrGrouping = (typeof ggrGroupings)[number];
export const ggrSorts = ['key', 'label', 'betCount', 'stake', 'payout', 'ggr'] as const;

const ggrFields = {
  ...periodFields,
  groupBy: z.enum(ggrGroupings).default('day'),
  productLine: z.string().min(1).max(32).optional(),
  vendorId: idText.optional(),
  gameId: idText.optional(),
  sort: z.enum(ggrSorts).default('key'),
};
export const ggrFilterSchema = z
  .strictObject({ ...ggrFields, order: z.enum(sortOrders).default('asc') })
  .superRefine(checkPeriod);
export type GgrFilter = z.infer<typeof ggrFilterSchema>;
export const ggrQuerySchema = z.strictObject({ ...ggrFields, ...pageFields }).superRefine(checkPeriod);
export type GgrQuery = z.infer<typeof ggrQuerySchema>;

export const ggrRowSchema = z.object({
  /** The group: a day, a product line, a vendor's or a game's id (0: not recorded). */
  key: z.string(),
  /** What the console shows: the day, the product line, the vendor's or the game's name. */
  label: z.string(),
  betCount: z.number().int(),
  stake: z.string(),
  payout: z.string(),
  ggr: z.string(),
  /** By day without filters only. */
  bonus: z.string().nullable(),
  ngr: z.string().nullable(),
});
export type GgrRow = z.infer<typeof ggrRowSchema>;

const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    currency: z.string(),
    from: day,
    to: day,
    list: z.array(row),
    total: z.number().int(),
    totalPages: z.number().int(),
    /** The whole filter's sums (every page). */
    totals: row,
  });

export const ggrReportSchema = pageOf(ggrRowSchema);
export type GgrReport = z.infer<typeof ggrReportSchema>;
export const ggrReportResponseSchema = successEnvelope(ggrReportSchema);

/** Deposits and withdrawals by channel (or day); bonus cost by the kind that paid it (or day). */
export const moneyFlows = ['deposit', 'withdrawal', 'bonus'] as const;
export type MoneyFlowName = (typeof moneyFlows)[number];
export const moneyGroupings = ['channel', 'day'] as const;
export const moneySorts = ['key', 'count', 'amount'] as const;

const moneyFields = {
  ...periodFields,
  flow: z.enum(moneyFlows).default('deposit'),
  groupBy: z.enum(moneyGroupings).default('channel'),
  channel: z.string().max(64).optional(),
  sort: z.enum(moneySorts).default('key'),
};
export const moneyFilterSchema = z
  .strictObject({ ...moneyFields, order: z.enum(sortOrders).default('asc') })
  .superRefine(checkPeriod);
export type MoneyFilter = z.infer<typeof moneyFilterSchema>;
export const moneyQuerySchema = z.strictObject({ ...moneyFields, ...pageFields }).superRefine(checkPeriod);
export type MoneyQuery = z.infer<typeof moneyQuerySchema>;

export const moneyRowSchema = z.object({
  /** A day, or the channel ('' when none was recorded: a deposit posted by hand). */
  key: z.string(),
  count: z.number().int(),
  amount: z.string(),
});
export type MoneyRow = z.infer<typeof moneyRowSchema>;
export const moneyReportSchema = pageOf(moneyRowSchema);
export type MoneyReport = z.infer<typeof moneyReportSchema>;
export const moneyReportResponseSchema = successEnvelope(moneyReportSchema);

/** Player activity per day. */
export const playerSorts = ['day', 'activePlayers', 'newPlayers', 'firstDepositors', 'depositCount'] as const;
const playerFields = { ...periodFields, sort: z.enum(playerSorts).default('day') };
export const playerFilterSchema = z
  .strictObject({ ...playerFields, order: z.enum(sortOrders).default('asc') })
  .superRefine(checkPeriod);
export type PlayerFilter = z.infer<typeof playerFilterSchema>;
export const playerQuerySchema = z.strictObject({ ...playerFields, ...pageFields }).superRefine(checkPeriod);
export type PlayerQuery = z.infer<typeof playerQuerySchema>;

export const playerRowSchema = z.object({
  /** The day; in the totals, the period ('from..to'), whose active players are distinct over it. */
  day: z.string(),
  activePlayers: z.number().int(),
  newPlayers: z.number().int(),
  firstDepositors: z.number().int(),
  depositCount: z.number().int(),
  depositAmount: z.string(),
  withdrawalCount: z.number().int(),
  withdrawalAmount: z.string(),
});
export type PlayerRow = z.infer<typeof playerRowSchema>;
export const playerReportSchema = pageOf(playerRowSchema);
export type PlayerReport = z.infer<typeof playerReportSchema>;
export const playerReportResponseSchema = successEnvelope(playerReportSchema);

/** What the report filters offer: the brand's product lines with figures, the vendors, a vendor's games. */
export const reportOptionsQuerySchema = z.strictObject({ vendorId: idText.optional() });
export const reportOptionsSchema = z.object({
  productLines: z.array(z.string()),
  vendors: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The vendor's games when a vendor is named, else none. */
  games: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ReportOptions = z.infer<typeof reportOptionsSchema>;
export const reportOptionsResponseSchema = successEnvelope(reportOptionsSchema);

/** The CSV exports' columns, in order. */
export const ggrCsvColumns = ['key', 'label', 'bet_count', 'stake', 'payout', 'ggr', 'bonus', 'ngr'] as const;
export const moneyCsvColumns = ['key', 'count', 'amount'] as const;
export const playerCsvColumns = [
  'day',
  'active_players',
  'new_players',
  'first_depositors',
  'deposit_count',
  'deposit_amount',
  'withdrawal_count',
  'withdrawal_amount',
] as const;

/** The most rows an export writes (a year of days, or every game). */
export const maxExportRows = 100_000;
