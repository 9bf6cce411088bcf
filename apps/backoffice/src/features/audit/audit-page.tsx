import { auditActorTypes } from '@wps/contracts/audit';
import { ErrorMessage } from '../../components/error-message';
import { PagedListTable } from '../../components/list-table';
import {
  FilterBar,
  FilterSelect,
  FilterTextFields,
  useDraftFilter,
  type FilterTextField,
} from '../../components/shared-filter-bar';
import { formatDateTime } from '../../lib/format';
import {
  emptyAuditFilter,
  useAuditEvents,
  useExportAuditCsv,
  useVerifyAuditChain,
  type AuditChainVerification,
  type AuditEvent,
  type AuditFilter,
} from './api';
import { diffAuditValues } from './audit-diff';
import './audit-page.css';

const columns = ['Time', 'Actor', 'Action', 'Entity', 'Change'];

const showJson = (value: unknown): string =>
  value === undefined || value === null ? '—' : JSON.stringify(value, null, 2);

const breakReasons: Record<NonNullable<AuditChainVerification['broken']>['reason'], string> = {
  hash_mismatch: 'the row was changed after it was recorded',
  prev_hash_mismatch: 'the row before it was changed or replaced',
  sequence_gap: 'rows before it were removed',
  head_mismatch: 'the last row was rewritten',
  missing_tail: 'rows were removed from the end of the trail',
  unsealed: 'the row was written past the database’s sealing',
};

/** What the chain's check found, in words. */
const VerificationResult = ({ result }: { result: AuditChainVerification }) => {
  const { broken } = result;
  if (!broken) {
    return (
      <p className="success" role="status" data-testid="audit-verify-result">
        Chain intact: {result.checkedRows} rows checked ({formatDateTime(result.checkedAt)}).
      </p>
    );
  }
  const where = broken.id === null ? `at place ${broken.chainSeq ?? '?'}` : `at row #${broken.id}`;
  return (
    <p className="error" role="alert" data-testid="audit-verify-result">
      Chain broken {where}: {breakReasons[broken.reason]}. {result.checkedRows} rows before it hold.
    </p>
  );
};

/** The fields a change touched, before and after, and the whole values behind a disclosure. */
const Change = ({ event }: { event: AuditEvent }) => {
  const lines = diffAuditValues(event.before, event.after);
  return (
    <>
      {lines.length > 0 ? (
        <table className="audit-diff" data-testid={`audit-diff-${event.id}`}>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.path} className={`audit-diff__${line.change}`}>
                <th scope="row">{line.path}</th>
                <td>{line.before === null ? <span className="muted">—</span> : <del>{line.before}</del>}</td>
                <td>{line.after === null ? <span className="muted">—</span> : <ins>{line.after}</ins>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <span className="muted">No change recorded</span>
      )}
      <details>
        <summary>Whole values</summary>
        <div className="json-pair">
          <div>
            <h3>Before</h3>
            <pre data-testid={`audit-before-${event.id}`}>{showJson(event.before)}</pre>
          </div>
          <div>
            <h3>After</h3>
            <pre data-testid={`audit-after-${event.id}`}>{showJson(event.after)}</pre>
          </div>
        </div>
      </details>
    </>
  );
};

const textFields: ReadonlyArray<FilterTextField<Exclude<keyof AuditFilter, 'actorType'>>> = [
  { field: 'actorId', label: 'Actor id' },
  { field: 'action', label: 'Action', placeholder: 'payments, payments.deposit.approve, …' },
  { field: 'entityType', label: 'Entity type', placeholder: 'deposit, withdrawal, …' },
  { field: 'entityId', label: 'Entity id' },
  { field: 'fromDate', label: 'From', type: 'date' },
  { field: 'toDate', label: 'To', type: 'date' },
];

export const AuditPage = () => {
  const { draft, filter, pageNo, setPageNo, edit, apply, show } = useDraftFilter(emptyAuditFilter);
  const events = useAuditEvents(filter, pageNo);
  const verify = useVerifyAuditChain();
  const exportCsv = useExportAuditCsv();
  const list = events.data?.list ?? [];

  return (
    <section aria-labelledby="audit-title">
      <header className="page-header">
        <h1 id="audit-title">Audit trail</h1>
        <div className="actions">
          <button
            type="button"
            className="button"
            disabled={verify.isPending}
            onClick={() => {
              verify.mutate();
            }}
            data-testid="audit-verify"
          >
            {verify.isPending ? 'Verifying…' : 'Verify chain'}
          </button>
          <button
            type="button"
            className="button"
            disabled={exportCsv.isPending}
            onClick={() => {
              exportCsv.mutate(filter);
            }}
            data-testid="audit-export"
          >
            {exportCsv.isPending ? 'Exporting…' : 'Export CSV'}
          </button>
        </div>
      </header>
      {verify.data ? <VerificationResult result={verify.data} /> : null}
      <ErrorMessage error={verify.error} testId="audit-verify-error" />
      <ErrorMessage error={exportCsv.error} testId="audit-export-error" />
      <FilterBar
        label="Filter the audit trail"
        onApply={apply}
        submitLabel="Filter"
        submitTestId="audit-filter"
        actions={
          <button
            type="button"
            className="button"
            onClick={() => {
              show(emptyAuditFilter);
            }}
            data-testid="audit-clear"
          >
            Clear
          </button>
        }
      >
        <FilterSelect
          label="Actor type"
          value={draft.actorType}
          choices={auditActorTypes}
          onChange={(actorType) => {
            edit({ actorType });
          }}
          testId="audit-actor-type"
        />
        <FilterTextFields fields={textFields} values={draft} onChange={edit} testIdPrefix="audit" />
      </FilterBar>
      <ErrorMessage error={events.error} testId="audit-error" />
      <PagedListTable
        testId="audit-table"
        columns={columns}
        answer={events}
        emptyMessage="No events."
        emptyTestId="audit-empty"
        paging={{ pageNo, onChange: setPageNo, testId: 'audit-pager' }}
      >
        {list.map((event) => (
          <tr key={event.id} data-testid={`audit-row-${event.id}`}>
            <td>
              {formatDateTime(event.createdAt)}
              <div className="muted">#{event.id}</div>
            </td>
            <td>
              {event.actorType} #{event.actorId}
              {event.actorIp ? <div className="muted">{event.actorIp}</div> : null}
              {event.userAgent ? (
                <div className="muted audit-user-agent" title={event.userAgent}>
                  {event.userAgent}
                </div>
              ) : null}
            </td>
            <td>{event.action}</td>
            <td>
              {event.entityType} #{event.entityId}
            </td>
            <td>
              <Change event={event} />
            </td>
          </tr>
        ))}
      </PagedListTable>
    </section>
  );
};
