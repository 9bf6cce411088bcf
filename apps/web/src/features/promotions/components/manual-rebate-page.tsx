import { useTranslation } from 'react-i18next';
import { CaptionedTable } from '../../../components/captioned-table';
import { useDialogs } from '../../../components/dialog-provider';
import { Money } from '../../../components/money';
import { QueryState } from '../../../components/query-state';
import { formatLocalDateTime } from '../../../lib/format-date';
import { translateApiError } from '../../../lib/translate-message';
import { useClaimManualRebate } from '../api/claim-manual-rebate';
import { type ManualRebate, useManualRebate } from '../api/get-manual-rebate';
import './manual-rebate.css';

/** Whether a decimal amount from the server is above zero ("0.00" is not). */
const isPositive = (amount: string): boolean => /[1-9]/.test(amount);

function ClaimCard({ rebate }: { rebate: ManualRebate }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const claim = useClaimManualRebate();
  const canClaim = isPositive(rebate.claimable) && !claim.isPending;
  const onClaim = () => {
    if (!canClaim) return;
    claim.mutate(undefined, {
      onSuccess: (paid) => {
        dialogs.toast(t('manual_rebate.claimed', { amount: `${rebate.currency} ${paid.amount}` }));
      },
      onError: (error) => {
        void dialogs.alert({ message: translateApiError(t, error) });
      },
    });
  };
  return (
    <section className="manual-rebate__card" aria-labelledby="manual-rebate-claimable">
      <div className="manual-rebate__claim">
        <div>
          <h3 id="manual-rebate-claimable">{t('manual_rebate.claimable')}</h3>
          <p className="manual-rebate__claimable">
            <Money amount={rebate.claimable} symbol={rebate.currency} testId="manual-rebate-claimable" />
          </p>
        </div>
        <button
          type="button"
          className="button button--primary"
          disabled={!canClaim}
          aria-busy={claim.isPending}
          data-testid="manual-rebate-claim"
          onClick={onClaim}
        >
          {t('manual_rebate.claim')}
        </button>
      </div>
      <p className="muted">{t('manual_rebate.hint')}</p>
    </section>
  );
}

function AccruedLines({ rebate }: { rebate: ManualRebate }) {
  const { t } = useTranslation();
  if (rebate.lines.length === 0) {
    return (
      <p className="manual-rebate__card muted" data-testid="manual-rebate-lines-empty">
        {t('manual_rebate.lines_empty')}
      </p>
    );
  }
  return (
    <CaptionedTable caption={t('manual_rebate.lines')} testId="manual-rebate-lines">
      <thead>
        <tr>
          <th scope="col">{t('manual_rebate.product_line')}</th>
          <th scope="col">{t('manual_rebate.valid_bet')}</th>
          <th scope="col">{t('manual_rebate.rebate')}</th>
        </tr>
      </thead>
      <tbody>
        {rebate.lines.map((line) => (
          <tr key={line.productLine} data-testid={`manual-rebate-line-${line.productLine}`}>
            <th scope="row">{t(`game_types.${line.productLine}`, { defaultValue: line.productLine })}</th>
            <td>
              <Money amount={line.validBet} />
            </td>
            <td>
              <Money amount={line.amount} />
            </td>
          </tr>
        ))}
      </tbody>
    </CaptionedTable>
  );
}

function ClaimHistory({ rebate }: { rebate: ManualRebate }) {
  const { t } = useTranslation();
  return (
    <section
      className="manual-rebate__card"
      aria-labelledby="manual-rebate-history"
      data-testid="manual-rebate-history"
    >
      <h3 id="manual-rebate-history">{t('manual_rebate.history')}</h3>
      {rebate.claims.length === 0 ? (
        <p className="muted">{t('manual_rebate.history_empty')}</p>
      ) : (
        <ul className="manual-rebate__claims">
          {rebate.claims.map((claim) => (
            <li key={claim.id} data-testid={`manual-rebate-claim-${claim.id}`}>
              <span>{formatLocalDateTime(claim.createdAt)}</span>
              <span className="muted">{t('manual_rebate.days', { days: claim.days.join(', ') })}</span>
              <Money amount={claim.amount} symbol={rebate.currency} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** manualRebate: the rebate accrued by product line (today so far included), the claim, and past claims. */
export function ManualRebatePage() {
  const rebate = useManualRebate();
  return (
    <div className="manual-rebate" data-testid="manual-rebate">
      {rebate.data === undefined ? (
        <QueryState error={rebate.error} onRetry={() => void rebate.refetch()} />
      ) : (
        <>
          <ClaimCard rebate={rebate.data} />
          <AccruedLines rebate={rebate.data} />
          <ClaimHistory rebate={rebate.data} />
        </>
      )}
    </div>
  );
}
