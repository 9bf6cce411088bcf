import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractAction } from '@wps/contracts/agent-contract-rules';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { translateApiError } from '../../../lib/translate-message';
import { refreshContractQueries } from '../api/agent-query-keys';
import { type AgentContract, processContract } from '../api/contracts';

type Choice = {
  action: Exclude<ContractAction, 'OFFER'>;
  labelKey: ChoiceLabel;
  isPrimary: boolean;
  confirm?: ConfirmKey;
};
type ChoiceLabel =
  | 'agents.contracts.actions.accept'
  | 'agents.contracts.actions.reject'
  | 'agents.contracts.actions.cancel'
  | 'agents.contracts.actions.request_termination'
  | 'agents.contracts.actions.confirm_termination'
  | 'agents.contracts.actions.keep';
type ConfirmKey =
  | 'agents.contracts.confirm.reject'
  | 'agents.contracts.confirm.cancel'
  | 'agents.contracts.confirm.request_termination'
  | 'agents.contracts.confirm.confirm_termination';

/** What the caller may do with a contract in its state, from its side (the server checks it again). */
export const choicesFor = (contract: AgentContract): Choice[] => {
  if (contract.status === 'PENDING') {
    return contract.myRole === 'DOWNLINE'
      ? [
          { action: 'ACCEPT', labelKey: 'agents.contracts.actions.accept', isPrimary: true },
          {
            action: 'REJECT',
            labelKey: 'agents.contracts.actions.reject',
            isPrimary: false,
            confirm: 'agents.contracts.confirm.reject',
          },
        ]
      : [
          {
            action: 'CANCEL',
            labelKey: 'agents.contracts.actions.cancel',
            isPrimary: false,
            confirm: 'agents.contracts.confirm.cancel',
          },
        ];
  }
  if (contract.status !== 'ACTIVE') return [];
  if (contract.terminationRequestedBy === null) {
    return [
      {
        action: 'TERMINATE',
        labelKey: 'agents.contracts.actions.request_termination',
        isPrimary: false,
        confirm: 'agents.contracts.confirm.request_termination',
      },
    ];
  }
  if (contract.terminationRequestedBy === contract.myRole) return [];
  return [
    {
      action: 'ACCEPT',
      labelKey: 'agents.contracts.actions.confirm_termination',
      isPrimary: true,
      confirm: 'agents.contracts.confirm.confirm_termination',
    },
    { action: 'REJECT', labelKey: 'agents.contracts.actions.keep', isPrimary: false },
  ];
};

/** The buttons of a contract; each action refreshes the contract lists, the info and the pay records. */
export function ContractActions({ contract, onDone }: { contract: AgentContract; onDone?: () => void }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const process = useMutation({
    mutationFn: (action: Choice['action']) =>
      processContract(contract.kind, { action, contractId: contract.id }),
  });
  const choices = choicesFor(contract);
  if (choices.length === 0) return null;

  const run = async (choice: Choice) => {
    if (process.isPending) return;
    if (choice.confirm !== undefined) {
      const isConfirmed = await dialogs.confirm({
        message: t(choice.confirm, {
          account: contract.myRole === 'UPLINE' ? contract.downline.account : contract.upline.account,
        }),
        confirmLabel: t(choice.labelKey),
      });
      if (!isConfirmed) return;
    }
    process.mutate(choice.action, {
      onSuccess: () => {
        void refreshContractQueries(queryClient);
        dialogs.toast(t('agents.contracts.done'));
        onDone?.();
      },
      onError: (error) => {
        void refreshContractQueries(queryClient);
        void dialogs.alert({ message: translateApiError(t, error) });
      },
    });
  };

  return (
    <div className="agent-actions">
      {choices.map((choice) => (
        <button
          key={choice.labelKey}
          type="button"
          className={choice.isPrimary ? 'button button--primary' : 'button button--ghost'}
          disabled={process.isPending}
          aria-busy={process.isPending && process.variables === choice.action}
          data-testid={`contract-${choice.labelKey.split('.').at(-1) ?? choice.action}`}
          onClick={() => void run(choice)}
        >
          {t(choice.labelKey)}
        </button>
      ))}
    </div>
  );
}
