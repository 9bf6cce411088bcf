import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { FilterBar, useDraftFilter } from '../../components/shared-filter-bar';
import {
  defaultPeriod,
  emptyGgrFilter,
  useExportReport,
  useGgrReport,
  useMoneyReport,
  usePlayerReport,
  useReportOptions,
  type GgrFilter,
  type GgrGrouping,
  type GgrRow,
  type GgrSortColumn,
  type MoneyFilter,
  type MoneyFlowName,
  type MoneyRow,
  type MoneySortColumn,
  type Period,
  type PlayerRow,
  type PlayerSortColumn,
  type ReportExport,
  type Sort,
} from './api';
import { PeriodFields } from './period-fields';
import { ReportTable, type ReportColumn } from './report-table';
import './reports.css';

/** The export button of a report: the whole filter (every page) as CSV, made by the server. */
const ExportButton = ({ request, testId }: { request: ReportExport; testId: string }) => {
  const exportCsv = useExportReport();
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={exportCsv.isPending}
        onClick={() => {
          exportCsv.mutate(request);
        }}
        data-testid={testId}
      >
        {exportCsv.isPending ? 'Exporting…' : 'Export CSV'}
      </button>
      <ErrorMessage error={exportCsv.error} testId={`${testId}-error`} />
    </>
  );
};

/** A report's filter (edited as a draft, applied by its button), its sort and its page, back to 1 on either. */
const useReportState = <Filter extends object, Column extends string>(
  initial: Filter,
  initialSort: Sort<Column>,
) => {
  const filter = useDraftFilter(initial);
  const [sort, setSort] = useState(initialSort);
  return {
    ...filter,
    sort,
    changeSort: (next: Sort<Column>) => {
      setSort(next);
      filter.setPageNo(1);
    },
  };
};

/** A report's page of rows, as the server answered it. */
type ReportAnswer<Row> = {
  error: unknown;
  isLoading: boolean;
  data?: { list: Row[]; totals: Row; totalPages: number } | undefined;
};

/** What every report shows under its filter: its export, an optional note, its error and its table. */
const ReportView = <Row, Column extends string>({
  testId,
  caption,
  exportRequest,
  note,
  report,
  columns,
  rowKey,
  state,
}: {
  /** Names the test ids: `<testId>-export`, `<testId>-error` and `<testId>-table`. */
  testId: string;
  caption: string;
  exportRequest: ReportExport;
  note?: ReactNode;
  report: ReportAnswer<Row>;
  columns: ReadonlyArray<ReportColumn<Row, Column>>;
  rowKey: (row: Row) => string;
  state: {
    sort: Sort<Column>;
    changeSort: (sort: Sort<Column>) => void;
    pageNo: number;
    setPageNo: (pageNo: number) => void;
  };
}) => (
  <>
    <div className="actions">
      <ExportButton request={exportRequest} testId={`${testId}-export`} />
    </div>
    {note}
    <ErrorMessage error={report.error} testId={`${testId}-error`} />
    <ReportTable
      testId={`${testId}-table`}
      caption={caption}
      columns={columns}
      rows={report.data?.list ?? []}
      rowKey={rowKey}
      totals={report.data?.totals}
      sort={state.sort}
      onSort={state.changeSort}
      isLoading={report.isLoading}
      paging={{ pageNo: state.pageNo, totalPages: report.data?.totalPages ?? 1, onChange: state.setPageNo }}
    />
  </>
);

const groupings: ReadonlyArray<{ value: GgrGrouping; label: string }> = [
  { value: 'day', label: 'Day' },
  { value: 'product_line', label: 'Product line' },
  { value: 'vendor', label: 'Vendor' },
  { value: 'game', label: 'Game' },
];

const keyHeading: Record<GgrGrouping, string> = {
  day: 'Day',
  product_line: 'Product line',
  vendor: 'Vendor',
  game: 'Game',
};

const GgrReport = () => {
  const state = useReportState<GgrFilter, GgrSortColumn>(emptyGgrFilter, { column: 'key', order: 'asc' });
  const { draft, edit, filter, sort } = state;
  const report = useGgrReport(filter, sort, state.pageNo);
  const options = useReportOptions(draft.vendorId);
  const currency = report.data?.currency ?? '';
  const money = (amount: string | null) => (amount === null ? '—' : amount);
  const columns: ReadonlyArray<ReportColumn<GgrRow, GgrSortColumn>> = [
    {
      id: 'key',
      heading: keyHeading[filter.groupBy],
      cell: (row) => row.label,
      sortBy: filter.groupBy === 'day' ? 'key' : 'label',
    },
    { id: 'bets', heading: 'Bets', cell: (row) => row.betCount, sortBy: 'betCount', isNumber: true },
    { id: 'stake', heading: `Stakes ${currency}`, cell: (row) => row.stake, sortBy: 'stake', isNumber: true },
    {
      id: 'payout',
      heading: `Payouts ${currency}`,
      cell: (row) => row.payout,
      sortBy: 'payout',
      isNumber: true,
    },
    { id: 'ggr', heading: `GGR ${currency}`, cell: (row) => row.ggr, sortBy: 'ggr', isNumber: true },
    { id: 'bonus', heading: `Bonus ${currency}`, cell: (row) => money(row.bonus), isNumber: true },
    { id: 'ngr', heading: `NGR ${currency}`, cell: (row) => money(row.ngr), isNumber: true },
  ];
  return (
    <>
      <FilterBar label="Filter the GGR report" submitTestId="ggr-apply" onApply={state.apply}>
        <PeriodFields period={draft} onChange={edit} testIdPrefix="ggr" />
        <label>
          By
          <select
            value={draft.groupBy}
            onChange={(change) => {
              const groupBy =
                groupings.find((grouping) => grouping.value === change.target.value)?.value ?? 'day';
              edit({ groupBy });
            }}
            data-testid="ggr-group-by"
          >
            {groupings.map((grouping) => (
              <option key={grouping.value} value={grouping.value}>
                {grouping.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Product line
          <select
            value={draft.productLine}
            onChange={(change) => {
              edit({ productLine: change.target.value });
            }}
            data-testid="ggr-product-line"
          >
            <option value="">All</option>
            {(options.data?.productLines ?? []).map((line) => (
              <option key={line} value={line}>
                {line === '' ? 'Not recorded' : line}
              </option>
            ))}
          </select>
        </label>
        <label>
          Vendor
          <select
            value={draft.vendorId}
            onChange={(change) => {
              edit({ vendorId: change.target.value, gameId: '' });
            }}
            data-testid="ggr-vendor"
          >
            <option value="">All</option>
            {(options.data?.vendors ?? []).map((vendor) => (
              <option key={vendor.id} value={vendor.id}>
                {vendor.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Game
          <select
            value={draft.gameId}
            disabled={draft.vendorId === ''}
            onChange={(change) => {
              edit({ gameId: change.target.value });
            }}
            data-testid="ggr-game"
          >
            <option value="">All</option>
            {(options.data?.games ?? []).map((game) => (
              <option key={game.id} value={game.id}>
                {game.name}
              </option>
            ))}
          </select>
        </label>
      </FilterBar>
      <ReportView
        testId="ggr"
        caption="GGR"
        exportRequest={{ report: 'ggr', filter, sort }}
        report={report}
        columns={columns}
        rowKey={(row) => row.key}
        state={state}
      />
    </>
  );
};

const flowNames: Record<MoneyFlowName, { title: string; channel: string }> = {
  deposit: { title: 'Deposits', channel: 'Channel' },
  withdrawal: { title: 'Withdrawals', channel: 'Payout method' },
  bonus: { title: 'Bonus cost', channel: 'Kind' },
};

const MoneyReport = ({ flow }: { flow: MoneyFlowName }) => {
  const initial: MoneyFilter = { ...defaultPeriod, flow, groupBy: 'channel', channel: '' };
  const state = useReportState<MoneyFilter, MoneySortColumn>(initial, { column: 'key', order: 'asc' });
  const { draft, edit, filter, sort } = state;
  const report = useMoneyReport(filter, sort, state.pageNo);
  const currency = report.data?.currency ?? '';
  const names = flowNames[flow];
  const columns: ReadonlyArray<ReportColumn<MoneyRow, MoneySortColumn>> = [
    {
      id: 'key',
      heading: filter.groupBy === 'day' ? 'Day' : names.channel,
      cell: (row) => (row.key === '' ? 'Not recorded' : row.key),
      sortBy: 'key',
    },
    { id: 'count', heading: 'Count', cell: (row) => row.count, sortBy: 'count', isNumber: true },
    {
      id: 'amount',
      heading: `Amount ${currency}`,
      cell: (row) => row.amount,
      sortBy: 'amount',
      isNumber: true,
    },
  ];
  const testId = `money-${flow}`;
  return (
    <>
      <FilterBar
        label={`Filter ${names.title.toLowerCase()}`}
        submitTestId={`${testId}-apply`}
        onApply={state.apply}
      >
        <PeriodFields period={draft} onChange={edit} testIdPrefix={testId} />
        <label>
          By
          <select
            value={draft.groupBy}
            onChange={(change) => {
              edit({ groupBy: change.target.value === 'day' ? 'day' : 'channel' });
            }}
            data-testid={`${testId}-group-by`}
          >
            <option value="channel">{names.channel}</option>
            <option value="day">Day</option>
          </select>
        </label>
        <label>
          {names.channel}
          <input
            type="text"
            value={draft.channel}
            onChange={(change) => {
              edit({ channel: change.target.value });
            }}
            data-testid={`${testId}-channel`}
          />
        </label>
      </FilterBar>
      <ReportView
        testId={testId}
        caption={names.title}
        exportRequest={{ report: 'money', filter, sort }}
        report={report}
        columns={columns}
        rowKey={(row) => row.key}
        state={state}
      />
    </>
  );
};

const PlayerReport = () => {
  const state = useReportState<Period, PlayerSortColumn>(defaultPeriod, { column: 'day', order: 'asc' });
  const { filter: period, sort } = state;
  const report = usePlayerReport(period, sort, state.pageNo);
  const currency = report.data?.currency ?? '';
  const columns: ReadonlyArray<ReportColumn<PlayerRow, PlayerSortColumn>> = [
    { id: 'day', heading: 'Day', cell: (row) => row.day, sortBy: 'day' },
    {
      id: 'active',
      heading: 'Active',
      cell: (row) => row.activePlayers,
      sortBy: 'activePlayers',
      isNumber: true,
    },
    { id: 'new', heading: 'New', cell: (row) => row.newPlayers, sortBy: 'newPlayers', isNumber: true },
    {
      id: 'ftd',
      heading: 'First deposit',
      cell: (row) => row.firstDepositors,
      sortBy: 'firstDepositors',
      isNumber: true,
    },
    {
      id: 'deposits',
      heading: 'Deposits',
      cell: (row) => row.depositCount,
      sortBy: 'depositCount',
      isNumber: true,
    },
    {
      id: 'depositAmount',
      heading: `Deposited ${currency}`,
      cell: (row) => row.depositAmount,
      isNumber: true,
    },
    { id: 'withdrawals', heading: 'Withdrawals', cell: (row) => row.withdrawalCount, isNumber: true },
    {
      id: 'withdrawalAmount',
      heading: `Withdrawn ${currency}`,
      cell: (row) => row.withdrawalAmount,
      isNumber: true,
    },
  ];
  return (
    <>
      <FilterBar label="Filter player activity" submitTestId="players-apply" onApply={state.apply}>
        <PeriodFields period={state.draft} onChange={state.edit} testIdPrefix="players" />
      </FilterBar>
      <ReportView
        testId="players"
        caption="Player activity"
        exportRequest={{ report: 'players', filter: period, sort }}
        note={<p className="muted">The total's active players count each player once over the period.</p>}
        report={report}
        columns={columns}
        rowKey={(row) => row.day}
        state={state}
      />
    </>
  );
};

const tabs = [
  { id: 'ggr', label: 'GGR / NGR', panel: () => <GgrReport /> },
  { id: 'deposits', label: 'Deposits', panel: () => <MoneyReport flow="deposit" /> },
  { id: 'withdrawals', label: 'Withdrawals', panel: () => <MoneyReport flow="withdrawal" /> },
  { id: 'bonus', label: 'Bonus cost', panel: () => <MoneyReport flow="bonus" /> },
  { id: 'players', label: 'Player activity', panel: () => <PlayerReport /> },
] as const;

/** The reports, one tab each (arrow keys move between tabs); every table sorted, paged and exported by the server. */
export const ReportsPage = () => {
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const current = tabs[selected] ?? tabs[0];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (selected + step + tabs.length) % tabs.length;
    setSelected(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <section aria-labelledby="reports-title">
      <header className="page-header">
        <h1 id="reports-title">Reports</h1>
      </header>
      <div className="report-tabs" role="tablist" aria-label="Reports" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`report-tab-${tab.id}`}
            aria-selected={index === selected}
            aria-controls={`report-panel-${tab.id}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => {
              setSelected(index);
            }}
            data-testid={`report-tab-${tab.id}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`report-panel-${current.id}`} aria-labelledby={`report-tab-${current.id}`}>
        <current.panel key={current.id} />
      </div>
    </section>
  );
};
