import { amlRuleLabels, amlRules } from '@wps/contracts/aml';
import { useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { PagedListTable } from '../../components/list-table';
import { FilterSelect } from '../../components/shared-filter-bar';
import { StatusFilter } from '../../components/status-filter';
import { formatDateTime, formatMoney } from '../../lib/format';
import { type AmlFilter, type AmlFlag, useAmlFlags } from './api';
import { AmlFlagDialog, MemberLink } from './aml-flag-dialog';
import { AmlSettingsPanel } from './aml-settings-form';
import './aml.css';

const columns = ['#', 'Rule', 'Member', 'Figure', 'Raised', 'Status', 'Actions'];

/** The flag's main figure: the amount moved, or how many accounts share the device, address or account. */
const figureOf = (flag: AmlFlag): string => {
  if (flag.amount !== null) return formatMoney(flag.amount, flag.currency);
  if (flag.accountCount !== null) return `${String(flag.accountCount)} accounts`;
  return '—';
};

/**
 * The risk queue: flags the anti-money-laundering rules raised (they never block anything by themselves), the
 * open ones first, by rule, a page at a time; each opens with its evidence and staff's decisions (clear,
 * restrict, close, report), every one with a reason the audit keeps. The brand's thresholds are edited here too.
 */
export const AmlPage = () => {
  const [filter, setFilter] = useState<AmlFilter>({ status: 'open', rule: '' });
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [showsSettings, setShowsSettings] = useState(false);
  const flags = useAmlFlags(filter, pageNo);
  const show = (next: AmlFilter) => {
    setFilter(next);
    setPageNo(1);
  };

  return (
    <section aria-labelledby="aml-title">
      <header className="page-header">
        <h1 id="aml-title">Risk queue</h1>
        <button
          type="button"
          className="button"
          aria-expanded={showsSettings}
          onClick={() => {
            setShowsSettings(!showsSettings);
          }}
          data-testid="aml-settings-toggle"
        >
          Thresholds
        </button>
      </header>
      {showsSettings ? <AmlSettingsPanel /> : null}
      <div className="aml-filters">
        <StatusFilter
          value={filter.status === 'open' ? 'pending' : 'all'}
          onChange={(status) => {
            show({ ...filter, status: status === 'pending' ? 'open' : 'all' });
          }}
          testIdPrefix="aml-status"
          pendingLabel="Open"
        />
        <FilterSelect
          label="Rule"
          value={filter.rule}
          choices={amlRules}
          choiceLabels={amlRuleLabels}
          onChange={(rule) => {
            show({ ...filter, rule });
          }}
          testId="aml-rule"
        />
        {flags.data ? (
          <span className="muted" data-testid="aml-total">
            {flags.data.total} {flags.data.total === 1 ? 'flag' : 'flags'}
          </span>
        ) : null}
      </div>
      <ErrorMessage error={flags.error} testId="aml-error" />
      <PagedListTable
        testId="aml-table"
        label="Flags"
        columns={columns}
        answer={flags}
        emptyMessage={filter.status === 'open' ? 'No open flags.' : 'No flags.'}
        emptyTestId="aml-empty"
        paging={{ pageNo, onChange: setPageNo, testId: 'aml-pager' }}
      >
        {(flags.data?.list ?? []).map((flag) => (
          <tr key={flag.id} data-testid={`aml-row-${flag.id}`} data-member={flag.member.username}>
            <td>{flag.id}</td>
            <td>{amlRuleLabels[flag.rule]}</td>
            <td>
              <MemberLink member={flag.member} />
            </td>
            <td className="number">{figureOf(flag)}</td>
            <td>{formatDateTime(flag.createdAt)}</td>
            <td>
              <span className={`badge badge--aml-${flag.status}`}>{flag.status}</span>
            </td>
            <td className="row-actions">
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  setOpenId(flag.id);
                }}
                data-testid={`aml-open-${flag.id}`}
              >
                Review
              </button>
            </td>
          </tr>
        ))}
      </PagedListTable>
      {openId === null ? null : (
        <AmlFlagDialog
          id={openId}
          onClose={() => {
            setOpenId(null);
          }}
        />
      )}
    </section>
  );
};
