import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { useContractPopup } from '../api/contracts';
import { ContractActions } from './contract-actions';
import { ContractSummary } from './contract-summary';

/**
 * The contract popup (spec section 2, logged in only): a new contract offered by the upline, or a termination
 * request from the other side, one at a time with its terms; Accept or Reject (confirm or keep for a
 * termination). "Later" puts a request aside for this visit; it comes back on the next login.
 */
export function ContractPopup() {
  const { t } = useTranslation();
  const popup = useContractPopup(true);
  const [setAside, setSetAside] = useState<ReadonlySet<string>>(new Set());
  const item = popup.data?.items.find(
    (candidate) => !setAside.has(`${candidate.request}:${candidate.contract.id}`),
  );
  if (item === undefined) return null;
  const key = `${item.request}:${item.contract.id}`;
  const close = () => {
    setSetAside((current) => new Set([...current, key]));
  };
  return (
    <Modal
      title={t(item.request === 'NEW' ? 'agents.popup.new_title' : 'agents.popup.termination_title', {
        kind: t(`agents.contracts.kinds.${item.contract.kind}`),
      })}
      onClose={close}
      closeOnCover={false}
      testId="contract-popup"
    >
      <p>
        {t(item.request === 'NEW' ? 'agents.popup.new_text' : 'agents.popup.termination_text', {
          account:
            item.contract.myRole === 'DOWNLINE'
              ? item.contract.upline.account
              : item.contract.downline.account,
        })}
      </p>
      <ContractSummary contract={item.contract} />
      <div className="agent-actions">
        <ContractActions key={key} contract={item.contract} />
        <button
          type="button"
          className="button button--ghost"
          data-testid="contract-popup-later"
          onClick={close}
        >
          {t('agents.popup.later')}
        </button>
      </div>
    </Modal>
  );
}
