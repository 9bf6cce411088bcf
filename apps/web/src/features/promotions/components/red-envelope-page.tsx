import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDialogs } from '../../../components/dialog-provider';
import { Money } from '../../../components/money';
import { QueryState } from '../../../components/query-state';
import { formatLocalDateTime } from '../../../lib/format-date';
import { translateApiError } from '../../../lib/translate-message';
import { type RedEnvelope, useRedEnvelope } from '../api/get-red-envelope';
import { useGrabRedEnvelope } from '../api/grab-red-envelope';
import './promotion-games.css';

function GrabCard({ id, envelope }: { id: string; envelope: RedEnvelope }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const grab = useGrabRedEnvelope(id);
  if (envelope.mine !== null) {
    return (
      <section className="promotion-game__card" data-testid="red-envelope-mine">
        <h2>{t('red_envelope.yours')}</h2>
        <p className="promotion-game__amount">
          <Money amount={envelope.mine.amount} testId="red-envelope-amount" />
        </p>
        <p className="muted">
          {t('red_envelope.taken_at', { time: formatLocalDateTime(envelope.mine.takenAt) })}
        </p>
      </section>
    );
  }
  const canGrab = envelope.phase === 'open' && envelope.packetsLeft > 0 && !grab.isPending;
  const why =
    envelope.phase === 'coming_soon'
      ? t('red_envelope.not_open', { time: formatLocalDateTime(envelope.opensAt) })
      : envelope.phase === 'closed'
        ? t('red_envelope.closed')
        : envelope.packetsLeft === 0
          ? t('errors.RED_ENVELOPE_EMPTY')
          : null;
  return (
    <section className="promotion-game__card">
      <button
        type="button"
        className="button button--primary"
        disabled={!canGrab}
        aria-busy={grab.isPending}
        data-testid="red-envelope-grab"
        onClick={() => {
          grab.mutate(undefined, {
            onError: (error) => {
              void dialogs.alert({ message: translateApiError(t, error) });
            },
          });
        }}
      >
        {t('red_envelope.grab')}
      </button>
      {why !== null && (
        <p className="muted" role="note" data-testid="red-envelope-why">
          {why}
        </p>
      )}
    </section>
  );
}

/** A red envelope: packets left, the grab button, and the member's packet once taken (shown at once). */
export function RedEnvelopePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const envelope = useRedEnvelope(id);
  return (
    <article className="page promotion-game" data-testid="red-envelope-page">
      <h1 className="page__title">{t('red_envelope.title')}</h1>
      {envelope.data === undefined ? (
        <QueryState error={envelope.error} onRetry={() => void envelope.refetch()} />
      ) : (
        <>
          <section className="promotion-game__card">
            <dl className="promotion-game__facts">
              <dt>{t('red_envelope.packets_left')}</dt>
              <dd data-testid="red-envelope-left">
                {t('red_envelope.left_of', { left: envelope.data.packetsLeft, total: envelope.data.packets })}
              </dd>
              <dt>{t('red_envelope.opens_at')}</dt>
              <dd>{formatLocalDateTime(envelope.data.opensAt)}</dd>
              {envelope.data.endsAt !== null && (
                <>
                  <dt>{t('red_envelope.ends_at')}</dt>
                  <dd>{formatLocalDateTime(envelope.data.endsAt)}</dd>
                </>
              )}
            </dl>
          </section>
          <GrabCard id={id} envelope={envelope.data} />
        </>
      )}
    </article>
  );
}
