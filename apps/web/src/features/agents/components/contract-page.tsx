import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { Money } from '../../../components/money';
import { QueryState } from '../../../components/query-state';
import { formatLocalDateTime } from '../../../lib/format-date';
import { type ContractPage as ContractPageName, contractKindOfPage } from '../agent-pages';
import { type AgentContract, useContractOverview, useContractPreview } from '../api/contracts';
import { formatRate } from '../contract-format';
import { ContractActions } from './contract-actions';
import { ContractOfferForm } from './contract-offer-form';
import { ContractSummary } from './contract-summary';
import { PayRecords } from './pay-records';

/** What the running period would pay if it closed now, asked for on demand. */
function ContractPreview({ contractId }: { contractId: string }) {
  const { t } = useTranslation();
  const preview = useContractPreview(contractId);
  if (preview.data === undefined) {
    return <QueryState error={preview.error} onRetry={() => void preview.refetch()} />;
  }
  return (
    <p data-testid="contract-preview">
      {t('agents.contracts.preview_text', {
        from: formatLocalDateTime(preview.data.periodStart),
        to: formatLocalDateTime(preview.data.periodEnd),
        rate: formatRate(preview.data.rateBasisPoints),
      })}{' '}
      <Money amount={preview.data.amount} />
    </p>
  );
}

function ContractCard({ contract }: { contract: AgentContract }) {
  const { t } = useTranslation();
  const [isPreviewShown, setPreviewShown] = useState(false);
  return (
    <li
      className="agent-cards__item"
      data-testid={`contract-${contract.myRole === 'UPLINE' ? 'offered' : 'received'}`}
    >
      <ContractSummary contract={contract} />
      <ContractActions contract={contract} />
      {contract.status === 'ACTIVE' &&
        (isPreviewShown ? (
          <ContractPreview contractId={contract.id} />
        ) : (
          <button
            type="button"
            className="button button--ghost"
            data-testid="contract-preview-button"
            onClick={() => {
              setPreviewShown(true);
            }}
          >
            {t('agents.contracts.preview')}
          </button>
        ))}
    </li>
  );
}

function ContractList({
  title,
  contracts,
  testId,
}: {
  title: string;
  contracts: AgentContract[];
  testId: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="agent-section" aria-labelledby={titleId} data-testid={testId}>
      <h3 id={titleId}>{title}</h3>
      {contracts.length === 0 ? (
        <EmptyState message={t('agents.contracts.none')} />
      ) : (
        <ul className="agent-cards">
          {contracts.map((contract) => (
            <ContractCard key={contract.id} contract={contract} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * agentDividendRecordCopy2, agentDailyWages2, agentHourSalary, agentRealtimeSalary: the contract from the
 * upline, the contracts with direct downline agents (and an offer to them), and the pay records.
 */
export function ContractPage({ page }: { page: ContractPageName }) {
  const kind = contractKindOfPage[page];
  const { t } = useTranslation();
  const overview = useContractOverview(kind);
  const data = overview.data;
  if (data === undefined)
    return <QueryState error={overview.error} onRetry={() => void overview.refetch()} />;
  return (
    <div className="agent-section" data-testid={`contract-page-${kind}`}>
      <ContractList
        title={t('agents.contracts.from_upline')}
        contracts={data.asDownline}
        testId="contracts-as-downline"
      />
      <ContractList
        title={t('agents.contracts.with_downlines')}
        contracts={data.asUpline}
        testId="contracts-as-upline"
      />
      {data.enabled && data.offerableDownlines.length > 0 && (
        <ContractOfferForm
          kind={kind}
          downlines={data.offerableDownlines}
          maxRateBasisPoints={data.maxOfferRateBasisPoints}
        />
      )}
      <PayRecords filter={{ kind }} title={t('agents.pay.title')} />
    </div>
  );
}
