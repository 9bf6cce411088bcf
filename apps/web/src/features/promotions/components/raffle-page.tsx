import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDialogs } from '../../../components/dialog-provider';
import { Money } from '../../../components/money';
import { QueryState } from '../../../components/query-state';
import { formatLocalDateTime } from '../../../lib/format-date';
import { translateApiError } from '../../../lib/translate-message';
import { useClaimRaffle } from '../api/claim-raffle';
import { type Raffle, useRaffle } from '../api/get-raffle';
import './promotion-games.css';

const secondMs = 1000;

/** "2d 03:04:05" until `iso`; "00:00:00" once it has passed. */
export const countdownTo = (iso: string, now: number): string => {
  const seconds = Math.floor(Math.max(0, Date.parse(iso) - now) / secondMs);
  const days = Math.floor(seconds / 86_400);
  const clock = [Math.floor((seconds % 86_400) / 3600), Math.floor((seconds % 3600) / 60), seconds % 60]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  return days > 0 ? `${days}d ${clock}` : clock;
};

const useNow = (isTicking: boolean): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
    }, secondMs);
    return () => {
      window.clearInterval(timer);
    };
  }, [isTicking]);
  return now;
};

/** Whether a decimal amount from the server is above zero ("0.00" is not). */
const isPositive = (amount: string): boolean => /[1-9]/.test(amount);

function Results({ id, raffle }: { id: string; raffle: Raffle }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const claim = useClaimRaffle(id);
  const canClaim = isPositive(raffle.claimable) && !claim.isPending;
  return (
    <section className="promotion-game__card" data-testid="raffle-results">
      <h2>{t('raffle.results')}</h2>
      {raffle.winners.length === 0 ? (
        <p className="muted">{t('raffle.no_winners')}</p>
      ) : (
        <ol className="promotion-game__winners">
          {raffle.winners.map((winner) => (
            <li key={winner.prize} className={winner.isMine ? 'promotion-game__mine' : undefined}>
              <span>{t('raffle.prize', { prize: winner.prize + 1 })}</span>
              <span>{winner.isMine ? t('raffle.you') : winner.member}</span>
              <span className="muted">{t('raffle.ticket', { ticket: winner.ticket })}</span>
              <Money amount={winner.amount} />
            </li>
          ))}
        </ol>
      )}
      {isPositive(raffle.claimable) && (
        <button
          type="button"
          className="button button--primary"
          disabled={!canClaim}
          aria-busy={claim.isPending}
          data-testid="raffle-claim"
          onClick={() => {
            claim.mutate(undefined, {
              onSuccess: (paid) => {
                dialogs.toast(t('raffle.claimed', { amount: paid.amount }));
              },
              onError: (error) => {
                void dialogs.alert({ message: translateApiError(t, error) });
              },
            });
          }}
        >
          {t('raffle.claim', { amount: raffle.claimable })}
        </button>
      )}
      {raffle.proof?.serverSeed && (
        <details>
          <summary>{t('raffle.proof')}</summary>
          <dl className="promotion-game__facts promotion-game__proof" data-testid="raffle-proof">
            <dt>{t('raffle.server_seed')}</dt>
            <dd>{raffle.proof.serverSeed}</dd>
            <dt>{t('raffle.server_seed_hash')}</dt>
            <dd>{raffle.proof.serverSeedHash}</dd>
            <dt>{t('raffle.client_seed')}</dt>
            <dd>{raffle.proof.clientSeed}</dd>
          </dl>
          <p className="muted">{t('raffle.proof_hint')}</p>
        </details>
      )}
    </section>
  );
}

/** A raffle: the member's tickets and everyone's, a countdown to the draw, then the winners, proof and claim. */
export function RafflePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const raffle = useRaffle(id);
  const isPending = raffle.data?.status === 'pending';
  const now = useNow(isPending);
  return (
    <article className="page promotion-game" data-testid="raffle-page">
      <h1 className="page__title">{t('raffle.title')}</h1>
      {raffle.data === undefined ? (
        <QueryState error={raffle.error} onRetry={() => void raffle.refetch()} />
      ) : (
        <>
          <section className="promotion-game__card">
            <dl className="promotion-game__facts">
              <dt>{t('raffle.my_tickets')}</dt>
              <dd data-testid="raffle-my-tickets">{raffle.data.myTickets}</dd>
              <dt>{t('raffle.total_tickets')}</dt>
              <dd>{raffle.data.totalTickets}</dd>
              <dt>{t('raffle.draw_at')}</dt>
              <dd>{formatLocalDateTime(raffle.data.drawAt)}</dd>
              {isPending && (
                <>
                  <dt>{t('raffle.draw_in')}</dt>
                  <dd data-testid="raffle-countdown">
                    <time dateTime={raffle.data.drawAt}>{countdownTo(raffle.data.drawAt, now)}</time>
                  </dd>
                </>
              )}
              <dt>{t('raffle.prizes')}</dt>
              <dd>
                {raffle.data.prizes.map((prize, index) => (
                  <span key={index}>
                    {index > 0 && ' · '}
                    <Money amount={prize} />
                  </span>
                ))}
              </dd>
            </dl>
            <p className="muted">
              {t('raffle.how', {
                deposit: raffle.data.depositPerTicket,
                bet: raffle.data.validBetPerTicket,
              })}
            </p>
            {isPending && raffle.data.proof !== null && (
              <p className="muted promotion-game__proof">
                {t('raffle.committed', { hash: raffle.data.proof.serverSeedHash })}
              </p>
            )}
          </section>
          {!isPending && <Results id={id} raffle={raffle.data} />}
        </>
      )}
    </article>
  );
}
