import { contractKinds, contractStatuses, type ContractKind } from '@wps/contracts/agent-contracts';
import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { ErrorMessage } from '../../components/error-message';
import { ListTable, PagedListTable } from '../../components/list-table';
import {
  FilterBar,
  FilterSelect,
  FilterTextFields,
  useDraftFilter,
  type FilterTextField,
} from '../../components/shared-filter-bar';
import { formatDateTime } from '../../lib/format';
import {
  emptyContractFilter,
  emptyPaymentFilter,
  useAdminContract,
  useAdminContracts,
  type AdminContract,
} from './api';
import { contractStatusLabels, formatRate, kindLabels, payerLabels, periodLabels } from './agent-labels';
import { PaymentsTable } from './payments-table';
import './agents.css';

const columns = [
  'Contract',
  'Kind',
  'Upline',
  'Downline',
  'Payer',
  'Rate',
  'Status',
  'Offered',
  'Settled through',
  '',
];

const terminationLabels: Record<NonNullable<AdminContract['terminationReason']>, string> = {
  BY_AGREEMENT: 'by agreement',
  REPLACED: 'replaced by a newer contract',
  HIGHER_RATE: 'its rate was above its upline’s new contract',
  BY_OPERATOR: 'by staff',
};

/** A contract's terms, its history from the audit trail and its pay records. */
const ContractDialog = ({ contractId, onClose }: { contractId: string; onClose: () => void }) => {
  const detail = useAdminContract(contractId);
  const contract = detail.data?.contract;
  const history = detail.data?.history ?? [];
  return (
    <Dialog title={`Contract #${contractId}`} onClose={onClose} wide testId="contract-dialog">
      <ErrorMessage error={detail.error} testId="contract-error" />
      {contract ? (
        <>
          <dl className="facts" data-testid="contract-terms">
            <dt>Kind</dt>
            <dd>
              {kindLabels[contract.kind]} ({periodLabels[contract.period]})
            </dd>
            <dt>Status</dt>
            <dd>
              {contractStatusLabels[contract.status]}
              {contract.terminationReason ? `, ${terminationLabels[contract.terminationReason]}` : ''}
              {contract.terminationRequestedBy
                ? ` (termination asked by the ${contract.terminationRequestedBy.toLowerCase()})`
                : ''}
            </dd>
            <dt>Upline</dt>
            <dd>{contract.upline.account}</dd>
            <dt>Downline</dt>
            <dd>{contract.downline.account}</dd>
            <dt>Paid by</dt>
            <dd>{payerLabels[contract.payer]}</dd>
            <dt>Offered</dt>
            <dd>{formatDateTime(contract.offeredAt)}</dd>
            <dt>Answered</dt>
            <dd>{formatDateTime(contract.respondedAt)}</dd>
            <dt>Pays from</dt>
            <dd>{formatDateTime(contract.effectiveFrom)}</dd>
            <dt>Settled through</dt>
            <dd>{formatDateTime(contract.settledThrough)}</dd>
            <dt>Ended</dt>
            <dd>{formatDateTime(contract.terminatedAt)}</dd>
          </dl>
          <h3>Tiers</h3>
          <ListTable
            testId="contract-tiers"
            columns={[
              contract.kind === 'DIVIDEND' ? 'Team loss from' : 'Team valid bet from',
              'Active members from',
              'Rate',
            ]}
            isEmpty={false}
            emptyMessage=""
          >
            {contract.tiers.map((tier) => (
              <tr key={`${tier.minFigure}-${tier.minActiveMembers}`}>
                <td className="number">
                  {tier.minFigure} {contract.currency}
                </td>
                <td className="number">{tier.minActiveMembers}</td>
                <td className="number">{formatRate(tier.rateBasisPoints)}</td>
              </tr>
            ))}
          </ListTable>
          <h3>History</h3>
          <ListTable
            testId="contract-history"
            columns={['Time', 'Action', 'By', 'Status after']}
            isEmpty={history.length === 0}
            emptyMessage="No change of this contract is in the audit trail."
          >
            {history.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.at)}</td>
                <td>{entry.action.replace(/^agents\.contract\./, '')}</td>
                <td>{entry.actor}</td>
                <td>{entry.status ?? '—'}</td>
              </tr>
            ))}
          </ListTable>
          <h3>Pay records</h3>
          <PaymentsTable
            filter={{ ...emptyPaymentFilter, contractId }}
            pageSize={10}
            testId="contract-payments"
          />
        </>
      ) : null}
    </Dialog>
  );
};

/** A contract's kind and a status (the contract's, or its pay record's), as a list's filters. */
export const KindAndStatusFilters = <Status extends string>({
  filter,
  statuses,
  statusLabels,
  onChange,
  testIdPrefix,
}: {
  filter: { kind: ContractKind | ''; status: Status | '' };
  statuses: readonly Status[];
  statusLabels: Record<Status, string>;
  onChange: (patch: { kind?: ContractKind | ''; status?: Status | '' }) => void;
  testIdPrefix: string;
}) => (
  <>
    <FilterSelect
      label="Kind"
      value={filter.kind}
      choices={contractKinds}
      choiceLabels={kindLabels}
      onChange={(kind) => {
        onChange({ kind });
      }}
      testId={`${testIdPrefix}-kind`}
    />
    <FilterSelect
      label="Status"
      value={filter.status}
      choices={statuses}
      choiceLabels={statusLabels}
      onChange={(status) => {
        onChange({ status });
      }}
      testId={`${testIdPrefix}-status`}
    />
  </>
);

const textFields: ReadonlyArray<FilterTextField<'upline' | 'downline'>> = [
  { field: 'upline', label: 'Upline' },
  { field: 'downline', label: 'Downline' },
];

/** The brand's agent contracts, filtered and paged on the server; each opens on its terms and history. */
export const AgentContractsPage = () => {
  const { draft, filter, pageNo, setPageNo, edit, apply } = useDraftFilter(emptyContractFilter);
  const [opened, setOpened] = useState<string | null>(null);
  const contracts = useAdminContracts(filter, pageNo);
  const list = contracts.data?.list ?? [];
  return (
    <section aria-labelledby="agent-contracts-title">
      <header className="page-header">
        <h1 id="agent-contracts-title">Agent contracts</h1>
      </header>
      <FilterBar label="Filter the contracts" onApply={apply} submitTestId="contracts-apply">
        <KindAndStatusFilters
          filter={draft}
          statuses={contractStatuses}
          statusLabels={contractStatusLabels}
          onChange={edit}
          testIdPrefix="contracts"
        />
        <FilterTextFields fields={textFields} values={draft} onChange={edit} testIdPrefix="contracts" />
      </FilterBar>
      <ErrorMessage error={contracts.error} testId="contracts-error" />
      <PagedListTable
        testId="contracts-table"
        columns={columns}
        answer={contracts}
        emptyMessage="No contract matches."
        emptyTestId="contracts-empty"
        paging={{ pageNo, onChange: setPageNo, testId: 'contracts-pager' }}
      >
        {list.map((contract) => (
          <tr key={contract.id} data-testid={`contract-row-${contract.id}`}>
            <td>#{contract.id}</td>
            <td>
              {kindLabels[contract.kind]} <span className="muted">({periodLabels[contract.period]})</span>
            </td>
            <td>{contract.upline.account}</td>
            <td>{contract.downline.account}</td>
            <td>{payerLabels[contract.payer]}</td>
            <td className="number">{formatRate(contract.rateBasisPoints)}</td>
            <td>{contractStatusLabels[contract.status]}</td>
            <td>{formatDateTime(contract.offeredAt)}</td>
            <td>{formatDateTime(contract.settledThrough)}</td>
            <td className="row-actions">
              <button
                type="button"
                className="button"
                onClick={() => {
                  setOpened(contract.id);
                }}
                data-testid={`contract-open-${contract.id}`}
              >
                Open
              </button>
            </td>
          </tr>
        ))}
      </PagedListTable>
      {opened ? (
        <ContractDialog
          contractId={opened}
          onClose={() => {
            setOpened(null);
          }}
        />
      ) : null}
    </section>
  );
};
