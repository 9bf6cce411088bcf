import { useState, type SyntheticEvent } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { formatDateTime } from '../../lib/format';
import { useAuditEvents, type AuditEvent, type AuditFilter } from './api';
import './audit-page.css';

const columns = ['Time', 'Actor', 'Action', 'Entity', 'Change'];

const showJson = (value: unknown): string => (value === undefined ? '—' : JSON.stringify(value, null, 2));

const Change = ({ event }: { event: AuditEvent }) => (
  <details>
    <summary>Before / after</summary>
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
);

export const AuditPage = () => {
  const [draft, setDraft] = useState<AuditFilter>({ entityType: '', entityId: '' });
  const [filter, setFilter] = useState<AuditFilter>(draft);
  const [pageNo, setPageNo] = useState(1);
  const events = useAuditEvents(filter, pageNo);
  const list = events.data?.list ?? [];

  const apply = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilter({ entityType: draft.entityType.trim(), entityId: draft.entityId.trim() });
    setPageNo(1);
  };

  return (
    <section aria-labelledby="audit-title">
      <header className="page-header">
        <h1 id="audit-title">Audit trail</h1>
      </header>
      <form className="inline-form" onSubmit={apply} role="search">
        <label>
          Entity type
          <input
            value={draft.entityType}
            placeholder="deposit, withdrawal, …"
            onChange={(change) => {
              setDraft({ ...draft, entityType: change.target.value });
            }}
            data-testid="audit-entity-type"
          />
        </label>
        <label>
          Entity id
          <input
            value={draft.entityId}
            onChange={(change) => {
              setDraft({ ...draft, entityId: change.target.value });
            }}
            data-testid="audit-entity-id"
          />
        </label>
        <button type="submit" className="button button--primary" data-testid="audit-filter">
          Filter
        </button>
      </form>
      <ErrorMessage error={events.error} testId="audit-error" />
      <ListTable
        testId="audit-table"
        columns={columns}
        isLoading={events.isPending}
        isEmpty={events.isSuccess && list.length === 0}
        emptyMessage="No events."
        paging={{
          pageNo,
          totalPages: events.data?.totalPages ?? 1,
          onChange: setPageNo,
          testId: 'audit-pager',
        }}
      >
        {list.map((event) => (
          <tr key={event.id} data-testid={`audit-row-${event.id}`}>
            <td>{formatDateTime(event.createdAt)}</td>
            <td>
              {event.actorType} #{event.actorId}
              {event.actorIp ? <div className="muted">{event.actorIp}</div> : null}
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
      </ListTable>
    </section>
  );
};
