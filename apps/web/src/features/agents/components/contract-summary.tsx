import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money';
import { formatLocalDateTime } from '../../../lib/format-date';
import type { AgentContract } from '../api/contracts';
import { formatRate } from '../contract-format';

/** What a contract says: the other party, period, payer, status and its tiers. */
export function ContractSummary({ contract }: { contract: AgentContract }) {
  const { t } = useTranslation();
  const other = contract.myRole === 'UPLINE' ? contract.downline : contract.upline;
  const figureLabel = t(
    contract.kind === 'DIVIDEND' ? 'agents.contracts.figure_loss' : 'agents.contracts.figure_valid_bet',
  );
  return (
    <div className="agent-section">
      <dl className="details-list">
        <div>
          <dt>{t(contract.myRole === 'UPLINE' ? 'agents.contracts.downline' : 'agents.contracts.upline')}</dt>
          <dd dir="auto" data-testid="contract-party">
            {other.account}
          </dd>
        </div>
        <div>
          <dt>{t('agents.contracts.kind')}</dt>
          <dd>{t(`agents.contracts.kinds.${contract.kind}`)}</dd>
        </div>
        <div>
          <dt>{t('agents.contracts.period')}</dt>
          <dd>{t(`agents.contracts.periods.${contract.period}`)}</dd>
        </div>
        <div>
          <dt>{t('agents.contracts.payer')}</dt>
          <dd>{t(`agents.contracts.payers.${contract.payer}`)}</dd>
        </div>
        <div>
          <dt>{t('agents.contracts.status_label')}</dt>
          <dd data-testid="contract-status">
            {contract.terminationRequestedBy === null
              ? t(`agents.contracts.status.${contract.status}`)
              : t('agents.contracts.termination_requested_by', {
                  side: t(`agents.contracts.sides.${contract.terminationRequestedBy}`),
                })}
          </dd>
        </div>
        <div>
          <dt>{t('agents.contracts.offered_at')}</dt>
          <dd>{formatLocalDateTime(contract.offeredAt)}</dd>
        </div>
      </dl>
      <ol className="contract-terms" aria-label={t('agents.contracts.tiers')}>
        {contract.tiers.map((tier, index) => (
          <li key={`${tier.minFigure}-${tier.minActiveMembers}-${index}`} data-testid="contract-tier">
            {t('agents.contracts.tier_text', {
              rate: formatRate(tier.rateBasisPoints),
              label: figureLabel,
              members: tier.minActiveMembers,
            })}{' '}
            <Money amount={tier.minFigure} />
          </li>
        ))}
      </ol>
    </div>
  );
}
