import type { ConfirmationState, DepositStatus, Withdrawal } from '@wps/contracts/payments';
import { useTranslation } from 'react-i18next';

type Status = DepositStatus | Withdrawal['status'];

/** A deposit's or withdrawal's status as a coloured label (the colour repeats what the word says). */
export function StatusBadge({ status, testId }: { status: Status; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`payments-badge payments-badge--${status}`} data-status={status} data-testid={testId}>
      {t(`payments.status.${status}`)}
    </span>
  );
}

export function ConfirmationBadge({ state, testId }: { state: ConfirmationState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`payments-badge payments-badge--confirmation-${state}`}
      data-state={state}
      data-testid={testId}
    >
      {t(`payments.confirmation.state.${state}`)}
    </span>
  );
}
