import { contractPaymentStatuses } from '@wps/contracts/agent-contracts';
import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { ErrorMessage } from '../../components/error-message';
import { PagedListTable } from '../../components/list-table';
import { DialogActions } from '../../components/shared-dialog-actions';
import {
  FilterBar,
  FilterTextFields,
  useDraftFilter,
  type FilterTextField,
} from '../../components/shared-filter-bar';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../session/api';
import { emptyPaymentFilter, useRunSettlement, useSettlementRuns, type SettlementRun } from './api';
import { paymentStatusLabels } from './agent-labels';
import { KindAndStatusFilters } from './contracts-page';
import { PaymentsTable } from './payments-table';
import './agents.css';

const runColumns = [
  'Run',
  'Started',
  'Finished',
  'Started by',
  'As of',
  'Status',
  'Paid',
  'Left unpaid',
  'Amount',
  '',
];

const runStatusLabels: Record<SettlementRun['status'], string> = {
  RUNNING: 'Running',
  FINISHED: 'Finished',
  FAILED: 'Failed',
};

/** "Run now" asks first: it settles every closed period on every brand and debits the payers. */
const RunNowDialog = ({ onClose }: { onClose: () => void }) => {
  const run = useRunSettlement();
  const result = run.data;
  return (
    <Dialog title="Run settlement now" onClose={onClose} testId="settlement-run-dialog">
      {result ? (
        <>
          <p className="success" role="status" data-testid="settlement-run-result">
            Settled {result.settledPeriods} periods: {result.paid} paid, {result.unpaid} left unpaid (payer
            short of money), {result.zero} with nothing due; {result.retriedPaid} unpaid records paid on
            retry.
          </p>
          <div className="actions">
            <button type="button" className="button" onClick={onClose} data-testid="settlement-run-done">
              Close
            </button>
          </div>
        </>
      ) : (
        <>
          <p data-testid="settlement-run-warning">
            This settles now every closed period of every active agent contract, on every brand, and retries
            the unpaid records: each payer’s wallet (the upline, or the platform’s agent commission account)
            is debited and the downline credited. Periods already settled are never paid twice; the scheduled
            job would settle them on its next run anyway.
          </p>
          <ErrorMessage error={run.error} testId="settlement-run-error" />
          <DialogActions
            onCancel={onClose}
            confirmLabel="Settle now"
            pendingLabel="Settling…"
            isPending={run.isPending}
            tone="danger"
            onConfirm={() => {
              run.mutate();
            }}
            confirmTestId="settlement-run-confirm"
          />
        </>
      )}
    </Dialog>
  );
};

const textFields: ReadonlyArray<FilterTextField<'upline' | 'downline' | 'fromDate' | 'toDate'>> = [
  { field: 'upline', label: 'Upline' },
  { field: 'downline', label: 'Downline' },
  { field: 'fromDate', label: 'Period from (brand day)', type: 'date' },
  { field: 'toDate', label: 'Period to', type: 'date' },
];

/**
 * Agent pay: the settlement runs (who or which job, up to when, what each paid and left unpaid in this brand),
 * a confirmed "run now" for staff with agents.settle, and the pay records with filters and totals.
 */
export const AgentSettlementPage = () => {
  const canSettle = useCan()('agents.settle');
  const [runsPage, setRunsPage] = useState(1);
  const [isConfirming, setConfirming] = useState(false);
  // The pay records table pages by itself (it starts again for each filter).
  const { draft, filter, edit, apply, show } = useDraftFilter(emptyPaymentFilter);
  const runs = useSettlementRuns(runsPage);
  const runList = runs.data?.list ?? [];
  const money = (amount: string) => formatMoney(amount, runs.data?.currency ?? '');
  return (
    <section aria-labelledby="agent-settlement-title">
      <header className="page-header">
        <h1 id="agent-settlement-title">Agent pay and settlement</h1>
        {canSettle ? (
          <div className="actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setConfirming(true);
              }}
              data-testid="settlement-run-now"
            >
              Run settlement now
            </button>
          </div>
        ) : null}
      </header>
      <h2>Settlement runs</h2>
      <p className="muted">
        Every run started here, and every scheduled run that settled or paid something. Figures are this
        brand’s.
      </p>
      <ErrorMessage error={runs.error} testId="settlement-runs-error" />
      <PagedListTable
        testId="settlement-runs"
        columns={runColumns}
        answer={runs}
        emptyMessage="No settlement run yet."
        emptyTestId="settlement-runs-empty"
        paging={{ pageNo: runsPage, onChange: setRunsPage, testId: 'settlement-runs-pager' }}
      >
        {runList.map((run) => (
          <tr key={run.id} data-testid={`settlement-run-${run.id}`}>
            <td>#{run.id}</td>
            <td>{formatDateTime(run.startedAt)}</td>
            <td>{formatDateTime(run.finishedAt)}</td>
            <td>
              {run.startedBy}{' '}
              <span className="muted">({run.trigger === 'STAFF' ? 'staff' : 'schedule'})</span>
            </td>
            <td>{formatDateTime(run.asOf)}</td>
            <td>{runStatusLabels[run.status]}</td>
            <td className="number">
              {run.paidCount} · {money(run.paidAmount)}
            </td>
            <td className="number">
              {run.unpaidCount} · {money(run.unpaidAmount)}
            </td>
            <td className="number">{money(run.totalAmount)}</td>
            <td className="row-actions">
              <button
                type="button"
                className="button"
                onClick={() => {
                  show({ ...emptyPaymentFilter, runId: run.id });
                }}
                data-testid={`settlement-run-records-${run.id}`}
              >
                Records
              </button>
            </td>
          </tr>
        ))}
      </PagedListTable>
      <h2>Pay records</h2>
      <FilterBar
        label="Filter the pay records"
        onApply={apply}
        submitTestId="payments-apply"
        actions={
          filter.runId ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                show({ ...filter, runId: '' });
              }}
              data-testid="payments-run-clear"
            >
              Run #{filter.runId} ×
            </button>
          ) : null
        }
      >
        <KindAndStatusFilters
          filter={draft}
          statuses={contractPaymentStatuses}
          statusLabels={paymentStatusLabels}
          onChange={edit}
          testIdPrefix="payments"
        />
        <FilterTextFields fields={textFields} values={draft} onChange={edit} testIdPrefix="payments" />
      </FilterBar>
      <PaymentsTable key={JSON.stringify(filter)} filter={filter} testId="payments-table" />
      {isConfirming ? (
        <RunNowDialog
          onClose={() => {
            setConfirming(false);
          }}
        />
      ) : null}
    </section>
  );
};
