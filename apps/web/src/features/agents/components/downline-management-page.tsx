import { contractKinds, type ContractKind } from '@wps/contracts/agent-contract-rules';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptionedTable } from '../../../components/captioned-table';
import { EmptyState } from '../../../components/empty-state';
import { TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { Money } from '../../../components/money';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { SelectField } from '../../../components/select-field';
import { formatLocalDateTime } from '../../../lib/format-date';
import { useContractOverview } from '../api/contracts';
import {
  type DownlineFilter,
  type DownlineMember,
  downlinePageSize,
  useDownlines,
} from '../api/get-downlines';
import { ContractOfferForm } from './contract-offer-form';
import { DownlineTransferForm } from './downline-transfer-form';

const levelChoices = ['', '1', '2', '3', '4', '5'] as const;

/** The offer form of the chosen kind, for one direct downline agent, within the agent's own rate. */
function OfferContract({ account, onDone }: { account: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ContractKind>('DAILY_SALARY');
  const overview = useContractOverview(kind);
  return (
    <div className="agent-section">
      <SelectField
        label={t('agents.contracts.kind')}
        value={kind}
        options={contractKinds.map((value) => ({ value, label: t(`agents.contracts.kinds.${value}`) }))}
        onValueChange={(value) => {
          const chosen = contractKinds.find((candidate) => candidate === value);
          if (chosen) setKind(chosen);
        }}
        testId="offer-kind"
      />
      {overview.data === undefined ? (
        <QueryState error={overview.error} onRetry={() => void overview.refetch()} />
      ) : overview.data.enabled ? (
        <ContractOfferForm
          key={kind}
          kind={kind}
          downlines={[{ account }]}
          maxRateBasisPoints={overview.data.maxOfferRateBasisPoints}
          onOffered={onDone}
        />
      ) : (
        <EmptyState message={t('errors.FEATURE_DISABLED')} />
      )}
    </div>
  );
}

type Action = { kind: 'transfer' | 'offer'; member: DownlineMember };

/** downlineManagmentView: search the downline by name and level, balances and last login; transfer or offer. */
export function DownlineManagementPage() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [level, setLevel] = useState<(typeof levelChoices)[number]>('');
  const [filter, setFilter] = useState<DownlineFilter>({ username: '', level: null });
  const [pageNo, setPageNo] = useState(1);
  const [action, setAction] = useState<Action | null>(null);
  const downlines = useDownlines(filter, pageNo);
  const data = downlines.data;
  const totalPages = data === undefined ? 1 : Math.max(1, Math.ceil(data.total / downlinePageSize));
  const close = () => {
    setAction(null);
  };

  return (
    <div className="agent-section" data-testid="downline-management">
      <form
        className="agent-filters"
        role="search"
        aria-label={t('agents.filters.label')}
        onSubmit={(event: SyntheticEvent<HTMLFormElement>) => {
          event.preventDefault();
          setFilter({ username: username.trim(), level: level === '' ? null : Number(level) });
          setPageNo(1);
        }}
      >
        <TextField
          label={t('agents.downlines.search')}
          value={username}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          onValueChange={setUsername}
          testId="downline-search"
        />
        <SelectField
          label={t('agents.downlines.level')}
          value={level}
          options={levelChoices.map((value) => ({
            value,
            label:
              value === ''
                ? t('agents.downlines.all_levels')
                : t('agents.downlines.level_n', { level: value }),
          }))}
          onValueChange={(value) => {
            setLevel(levelChoices.find((choice) => choice === value) ?? '');
          }}
          testId="downline-level"
        />
        <button type="submit" className="button button--primary" data-testid="downline-search-submit">
          {t('agents.filters.search')}
        </button>
      </form>
      {data === undefined ? (
        <QueryState error={downlines.error} onRetry={() => void downlines.refetch()} />
      ) : data.list.length === 0 ? (
        <EmptyState message={t('agents.downlines.empty')} />
      ) : (
        <>
          <CaptionedTable
            caption={t('agents.downlines.caption', { count: data.total })}
            testId="downline-table"
          >
            <thead>
              <tr>
                <th scope="col">{t('agents.downlines.account')}</th>
                <th scope="col">{t('agents.downlines.actions')}</th>
                <th scope="col">{t('agents.downlines.level')}</th>
                <th scope="col">{t('agents.downlines.type')}</th>
                <th scope="col">{t('agents.downlines.balance')}</th>
                <th scope="col">{t('agents.downlines.last_login')}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((member) => (
                <tr key={member.account} data-testid="downline-row">
                  <th scope="row" dir="auto" data-testid="downline-account">
                    {member.account}
                  </th>
                  <td>
                    <div className="agent-actions">
                      <button
                        type="button"
                        className="button button--ghost"
                        aria-label={t('agents.downlines.transfer_to', { account: member.account })}
                        data-testid="downline-transfer"
                        onClick={() => {
                          setAction({ kind: 'transfer', member });
                        }}
                      >
                        {t('agents.downlines.transfer')}
                      </button>
                      {member.isAgent && member.level === 1 && (
                        <button
                          type="button"
                          className="button button--ghost"
                          aria-label={t('agents.downlines.offer_to', { account: member.account })}
                          data-testid="downline-offer"
                          onClick={() => {
                            setAction({ kind: 'offer', member });
                          }}
                        >
                          {t('agents.downlines.offer')}
                        </button>
                      )}
                    </div>
                  </td>
                  <td>{member.level}</td>
                  <td>{t(member.isAgent ? 'agents.register.kind_agent' : 'agents.register.kind_member')}</td>
                  <td>
                    <Money amount={member.balance} testId="downline-balance" />
                  </td>
                  <td>{formatLocalDateTime(member.lastLoginAt) ?? t('agents.downlines.never')}</td>
                </tr>
              ))}
            </tbody>
          </CaptionedTable>
          <Pagination
            page={pageNo}
            totalPages={totalPages}
            onPageChange={setPageNo}
            testId="downline-pages"
          />
        </>
      )}
      {action?.kind === 'transfer' && (
        <Modal title={t('wallet.downline.title')} onClose={close} testId="downline-transfer-modal">
          <DownlineTransferForm account={action.member.account} onDone={close} />
        </Modal>
      )}
      {action?.kind === 'offer' && (
        <Modal
          title={t('agents.downlines.offer_to', { account: action.member.account })}
          onClose={close}
          size="wide"
          testId="downline-offer-modal"
        >
          <OfferContract account={action.member.account} onDone={close} />
        </Modal>
      )}
    </div>
  );
}
