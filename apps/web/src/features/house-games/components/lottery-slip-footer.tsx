import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError } from '../../../components/form-field';
import { formatAmount } from '../../../lib/format-amount';
import { translateApiError } from '../../../lib/translate-message';
import { useRequestId } from '../../../lib/use-request-id';
import { formatStake, type SlipField, type SlipReading } from '../api/lottery-bet-lines';
import { usePlaceLotteryBets, type PlacedTicket } from '../api/lottery-place-bets';
import { playSound } from '../sound/game-sound';

type SlipSubmitOptions = {
  gameCode: string;
  /** The draw taking bets, or null when none does (between cut-off and the next draw). */
  drawId: string | null;
  reading: SlipReading;
  /** The confirmation's description of the slip ("Bao lô, 3 numbers, 2 stations"). */
  describe: () => string;
  /** Clears the slip once the ticket is placed. */
  onPlaced: () => void;
};

/**
 * Sending a slip: the player's own mistakes first (shown beside their fields from the first attempt on),
 * then a confirmation with the total, then one request whose requestId stays the same when the very same
 * ticket is sent again after a failure, so a retry never pays twice.
 */
export const useSlipSubmit = ({ gameCode, drawId, reading, describe, onPlaced }: SlipSubmitOptions) => {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const placeBets = usePlaceLotteryBets();
  const { requestIdFor, settle } = useRequestId();
  const [isChecked, setChecked] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<PlacedTicket | null>(null);

  const submit = async () => {
    if (placeBets.isPending) return;
    setChecked(true);
    setFormError(null);
    if (drawId === null) {
      setFormError(t('lottery.slip.no_open_draw'));
      return;
    }
    if (Object.keys(reading.problems).length > 0 || reading.lines.length === 0) return;
    const total = formatAmount(formatStake(reading.total));
    const isConfirmed = await dialogs.confirm({
      title: t('lottery.slip.confirm_title'),
      message: t('lottery.slip.confirm_message', { slip: describe(), total }),
      confirmLabel: t('lottery.slip.confirm'),
    });
    if (!isConfirmed) return;
    const ticket = { gameCode, drawId, bets: reading.lines };
    placeBets.mutate(
      { ...ticket, requestId: requestIdFor(ticket) },
      {
        onSuccess: (answer) => {
          playSound('chip');
          settle();
          setChecked(false);
          setPlaced(answer);
          onPlaced();
        },
        onError: (error) => {
          setFormError(translateApiError(t, error));
        },
      },
    );
  };

  /** The problem of a field, translated, once the player tried to send. */
  const problemOf = (field: SlipField): string | null => {
    const problem = reading.problems[field];
    return isChecked && problem !== undefined ? t(`lottery.slip.problems.${problem}`) : null;
  };

  return { submit, isPending: placeBets.isPending, formError, placed, problemOf };
};

type SlipFooterProps = {
  reading: SlipReading;
  isOpen: boolean;
  isPending: boolean;
  formError: string | null;
  placed: PlacedTicket | null;
  testId: string;
};

/** The live total, the submit button, the server's refusal and the last ticket placed. */
export function SlipFooter({ reading, isOpen, isPending, formError, placed, testId }: SlipFooterProps) {
  const { t } = useTranslation();
  return (
    <div className="lottery-slip__footer">
      <p className="lottery-slip__total" aria-live="polite" data-testid={`${testId}-total`}>
        {t('lottery.slip.total', { numbers: reading.numberCount })}{' '}
        <bdi dir="ltr" className="lottery-slip__total-amount" data-testid={`${testId}-total-amount`}>
          {formatAmount(formatStake(reading.total))}
        </bdi>
      </p>
      <FormError message={formError} />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={isPending || !isOpen}
        data-testid={`${testId}-submit`}
      >
        {isPending ? t('lottery.slip.sending') : isOpen ? t('lottery.slip.submit') : t('lottery.slip.closed')}
      </button>
      <p className="lottery-slip__placed" role="status" data-testid={`${testId}-placed`}>
        {placed === null
          ? ''
          : t('lottery.slip.placed', {
              total: formatAmount(placed.totalStake),
              drawId: placed.drawId,
            })}
      </p>
    </div>
  );
}
