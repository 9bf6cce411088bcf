import { contractKinds, contractPaymentStatuses } from '@wps/contracts/agent-contracts';
import { useState, type SyntheticEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../session/api';
import {
  emptyPaymentFilter,
  useRunSettlement,
  useSettlementRuns,
  type PaymentFilter,
  type SettlementRun,
} from './api';
import { kindLabels, paymentStatusLabels, pickChoice } from './agent-labels';
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
          <div className="actions">
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={run.isPending}
              onClick={() => {
                run.mutate();
              }}
              data-testid="settlement-run-confirm"
            >
              {run.isPending ? 'Settling…' : 'Settle now'}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
};

type TextField = 'upline' | 'downline' | 'fromDate' | 'toDate';
const textFields: ReadonlyArray<{ field: TextField; label: string; type?: 'date' }> = [
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
  const [draft, setDraft] = useState<PaymentFilter>(emptyPaymentFilter);
  const [filter, setFilter] = useState<PaymentFilter>(emptyPaymentFilter);
  const runs = useSettlementRuns(runsPage);
  const runList = runs.data?.list ?? [];
  const money = (amount: string) => formatMoney(amount, runs.data?.currency ?? '');
  const apply = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilter(draft);
  };
  const showRun = (runId: string) => {
    const next = { ...emptyPaymentFilter, runId };
    setDraft(next);
    setFilter(next);
  };
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
      <ListTable
        testId="settlement-runs"
        columns={runColumns}
        isLoading={runs.isPending}
        isEmpty={runs.isSuccess && runList.length === 0}
        emptyMessage="No settlement run yet."
        emptyTestId="settlement-runs-empty"
        paging={{
          pageNo: runsPage,
          totalPages: runs.data?.totalPages ?? 1,
          onChange: setRunsPage,
          testId: 'settlement-runs-pager',
        }}
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
                  showRun(run.id);
                }}
                data-testid={`settlement-run-records-${run.id}`}
              >
                Records
              </button>
            </td>
          </tr>
        ))}
      </ListTable>
      <h2>Pay records</h2>
      <form className="inline-form" role="search" aria-label="Filter the pay records" onSubmit={apply}>
        <label>
          Kind
          <select
            value={draft.kind}
            onChange={(event) => {
              setDraft({ ...draft, kind: pickChoice(contractKinds, event.target.value) });
            }}
            data-testid="payments-kind"
          >
            <option value="">Any</option>
            {contractKinds.map((kind) => (
              <option key={kind} value={kind}>
                {kindLabels[kind]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select
            value={draft.status}
            onChange={(event) => {
              setDraft({ ...draft, status: pickChoice(contractPaymentStatuses, event.target.value) });
            }}
            data-testid="payments-status"
          >
            <option value="">Any</option>
            {contractPaymentStatuses.map((status) => (
              <option key={status} value={status}>
                {paymentStatusLabels[status]}
              </option>
            ))}
          </select>
        </label>
        {textFields.map(({ field, label, type }) => (
          <label key={field}>
            {label}
            <input
              type={type ?? 'text'}
              value={draft[field]}
              onChange={(event) => {
                setDraft({ ...draft, [field]: event.target.value });
              }}
              data-testid={`payments-${field}`}
            />
          </label>
        ))}
        <button type="submit" className="button button--primary" data-testid="payments-apply">
          Apply
        </button>
        {filter.runId ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              const next = { ...filter, runId: '' };
              setDraft(next);
              setFilter(next);
            }}
            data-testid="payments-run-clear"
          >
            Run #{filter.runId} ×
          </button>
        ) : null}
      </form>
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
