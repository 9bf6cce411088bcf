import { lazy, Suspense, useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import { formatMoney } from '../../lib/format';
import { useCan } from '../session/api';
import { defaultPeriod, useDashboard, type Dashboard, type Period } from './api';
import { PeriodFields } from './period-fields';
import './reports.css';
import { TableScroll } from '../../components/table-scroll';

// The chart library is loaded with the dashboard's charts only, so the console's first load stays small.
const DashboardCharts = lazy(() => import('./dashboard-charts'));

type Figures = Dashboard['todayFigures'];

/** One figure of the dashboard, today's and the period's side by side. */
const figureRows: ReadonlyArray<{
  id: string;
  label: string;
  value: (figures: Figures, currency: string) => string;
}> = [
  {
    id: 'deposits',
    label: 'Deposits',
    value: (figures, currency) =>
      `${formatMoney(figures.deposits.amount, currency)} (${figures.deposits.count})`,
  },
  {
    id: 'withdrawals',
    label: 'Withdrawals',
    value: (figures, currency) =>
      `${formatMoney(figures.withdrawals.amount, currency)} (${figures.withdrawals.count})`,
  },
  { id: 'stake', label: 'Stakes', value: (figures, currency) => formatMoney(figures.stake, currency) },
  { id: 'payout', label: 'Payouts', value: (figures, currency) => formatMoney(figures.payout, currency) },
  { id: 'ggr', label: 'GGR', value: (figures, currency) => formatMoney(figures.ggr, currency) },
  { id: 'bonus', label: 'Bonus cost', value: (figures, currency) => formatMoney(figures.bonus, currency) },
  { id: 'ngr', label: 'NGR', value: (figures, currency) => formatMoney(figures.ngr, currency) },
  { id: 'active', label: 'Active players', value: (figures) => String(figures.activePlayers) },
  { id: 'new', label: 'New players', value: (figures) => String(figures.newPlayers) },
  { id: 'ftd', label: 'First-time depositors', value: (figures) => String(figures.firstDepositors) },
];

/** What waits for staff now, each a link to its queue for staff who may open it. */
const PendingQueues = ({ pending }: { pending: Dashboard['pending'] }) => {
  const can = useCan();
  const queues = [
    {
      id: 'deposits',
      label: 'Deposits to review',
      count: pending.deposits,
      path: '/deposits',
      may: can('deposits.view'),
    },
    {
      id: 'withdrawals',
      label: 'Withdrawals to review',
      count: pending.withdrawals,
      path: '/withdrawals',
      may: can('withdrawals.view'),
    },
  ];
  return (
    <ul className="pending-queues" aria-label="Waiting for staff">
      {queues.map((queue) => (
        <li key={queue.id} className="pending-queues__item" data-testid={`pending-${queue.id}`}>
          <span className="pending-queues__count">{queue.count}</span>{' '}
          {queue.may ? <Link to={queue.path}>{queue.label}</Link> : queue.label}
        </li>
      ))}
    </ul>
  );
};

/** The operator's landing page: today and the period per brand, the queues waiting, and charts per day. */
export const DashboardPage = () => {
  const [draft, setDraft] = useState<Period>(defaultPeriod);
  const [period, setPeriod] = useState<Period>(defaultPeriod);
  const dashboard = useDashboard(period);
  const data = dashboard.data;

  // "Show" for the period already shown reads the figures again (they move every second or so).
  const apply = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft.from === period.from && draft.to === period.to) void dashboard.refetch();
    else setPeriod(draft);
  };

  return (
    <section aria-labelledby="dashboard-title">
      <header className="page-header">
        <h1 id="dashboard-title">Dashboard</h1>
        {data ? (
          <p className="muted" data-testid="dashboard-clock">
            Today is {data.today} ({data.timeZone}); amounts in {data.currency}.
          </p>
        ) : null}
      </header>
      <form className="inline-form" onSubmit={apply} aria-label="Choose the period">
        <PeriodFields period={draft} onChange={setDraft} testIdPrefix="dashboard" />
        <button type="submit" className="button button--primary" data-testid="dashboard-apply">
          Show
        </button>
      </form>
      <ErrorMessage error={dashboard.error} testId="dashboard-error" />
      {dashboard.isLoading ? <p className="muted">Loading…</p> : null}
      {data ? (
        <>
          <PendingQueues pending={data.pending} />
          <TableScroll label="Today and the period">
            <table className="table dashboard-figures" data-testid="dashboard-figures">
              <caption className="visually-hidden">Today and the period</caption>
              <thead>
                <tr>
                  <th scope="col">Figure</th>
                  <th scope="col" className="number">
                    Today
                  </th>
                  <th scope="col" className="number">
                    {data.from} – {data.to}
                  </th>
                </tr>
              </thead>
              <tbody>
                {figureRows.map((row) => (
                  <tr key={row.id} data-testid={`figure-${row.id}`}>
                    <th scope="row">{row.label}</th>
                    <td className="number" data-testid={`figure-${row.id}-today`}>
                      {row.value(data.todayFigures, data.currency)}
                    </td>
                    <td className="number" data-testid={`figure-${row.id}-period`}>
                      {row.value(data.periodFigures, data.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Suspense fallback={<p className="muted">Loading charts…</p>}>
            <DashboardCharts series={data.series} currency={data.currency} />
          </Suspense>
        </>
      ) : null}
    </section>
  );
};
