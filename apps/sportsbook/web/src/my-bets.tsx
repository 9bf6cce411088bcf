import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatOdds } from '../../src/pricing/odds-formats';
import { cashOut, fetchBets, type SessionView, type SlipView } from './api';
import { describeMarket, describeSelection } from './labels';
import { QueryState } from './query-state';
import { centsOf, formatCents } from './slip-math';
import { useOddsFormat } from './slip-state';

// Cash-out values follow the live prices, so an open list is read again while the player looks at it.
const openBetsRefreshMilliseconds = 5000;

const describeKind = (kind: string, t: (key: string) => string): string =>
  kind === 'single' || kind === 'accumulator' ? t(`bets.kind_${kind}`) : t(`system.${kind}`);

/** The parts of a bet a player may cash out, in basis points (the rest stays on at the placed odds). */
const cashOutFractions = [2_500, 5_000, 7_500, 10_000] as const;

const CashOut = ({ slip }: { slip: SlipView }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const [fraction, setFraction] = useState<number>(10_000);
  const mutation = useMutation({
    mutationFn: (value: string) => cashOut(slip.id, value, fraction),
    onSuccess: ({ balance }) => {
      if (balance !== '')
        queryClient.setQueryData<SessionView>(['session'], (old) => old && { ...old, balance });
      else void queryClient.invalidateQueries({ queryKey: ['session'] });
      void queryClient.invalidateQueries({ queryKey: ['bets'] });
      setIsConfirming(false);
    },
  });
  const value = slip.cashOut;
  if (value === null) return null;
  if (mutation.isPending) {
    return (
      <p className="notice" role="status">
        <span className="spinner" aria-hidden="true" /> {t('bets.cashing_out')}
      </p>
    );
  }
  return (
    <div className="cash-out">
      {mutation.isError && (
        <p className="notice notice--error" role="alert">
          {mutation.error.message}
        </p>
      )}
      {isConfirming ? (
        <>
          <div className="segmented" role="group" aria-label={t('bets.cash_out_part')}>
            {cashOutFractions.map((option) => (
              <button
                key={option}
                type="button"
                data-testid={`cash-out-part-${slip.id}-${option}`}
                aria-pressed={fraction === option}
                onClick={() => {
                  setFraction(option);
                }}
              >
                {option === 10_000
                  ? t('bets.cash_out_all')
                  : t('bets.cash_out_percent', { percent: option / 100 })}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="primary"
            data-testid={`cash-out-confirm-${slip.id}`}
            onClick={() => {
              mutation.mutate(value);
            }}
          >
            {t('bets.confirm_cash_out', {
              amount: formatCents((centsOf(value) * BigInt(fraction)) / 10_000n),
            })}
          </button>
          <button
            type="button"
            onClick={() => {
              setIsConfirming(false);
            }}
          >
            {t('bets.cancel')}
          </button>
        </>
      ) : (
        <button
          type="button"
          data-testid={`cash-out-${slip.id}`}
          onClick={() => {
            setIsConfirming(true);
          }}
        >
          {t('bets.cash_out', { amount: value })}
        </button>
      )}
    </div>
  );
};

const SlipRow = ({ slip }: { slip: SlipView }) => {
  const { t, i18n } = useTranslation();
  const oddsFormat = useOddsFormat();
  const placedAt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(slip.placedAt),
  );
  return (
    <li className="bet" data-testid={`bet-${slip.id}`}>
      <div className="bet__head">
        <strong>{describeKind(slip.kind, t)}</strong>
        {slip.lines > 1 && <span>{t('bets.lines', { count: slip.lines })}</span>}
        <span className={`badge badge--${slip.status}`} data-testid={`bet-status-${slip.id}`}>
          {t(`status.${slip.status}`)}
        </span>
      </div>
      <ul className="bet__legs">
        {slip.legs.map((leg) => (
          <li key={leg.marketId} className="bet-leg">
            <span className="bet-leg__selection">
              {leg.selectionName ??
                describeSelection(
                  leg,
                  leg.selection,
                  { home: t('selection.home'), away: t('selection.away') },
                  t,
                )}{' '}
              @ {formatOdds(leg.odds, oddsFormat)}
            </span>
            <span className="bet-leg__market">
              {leg.fixture} · {describeMarket(leg, t)}
            </span>
            <span className={`badge badge--${leg.outcome ?? 'pending'}`}>
              {t(`outcome.${leg.outcome ?? 'pending'}`)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="figures">
        <div className="figure">
          <dt>{t('bets.stake')}</dt>
          <dd>{slip.totalStake}</dd>
        </div>
        {centsOf(slip.cashedOut) > 0n && (
          <div className="figure">
            <dt>{t('bets.cashed_out_so_far')}</dt>
            <dd data-testid={`bet-cashed-out-${slip.id}`}>{slip.cashedOut}</dd>
          </div>
        )}
        {slip.totalReturn === null ? (
          <div className="figure">
            <dt>{t('bets.potential_return')}</dt>
            <dd>{slip.potentialReturn}</dd>
          </div>
        ) : (
          <div className="figure">
            <dt>{t('bets.total_return')}</dt>
            <dd>{slip.totalReturn}</dd>
          </div>
        )}
      </dl>
      <p className="hint">{t('bets.placed_at', { time: placedAt })}</p>
      {slip.status === 'open' && <CashOut slip={slip} />}
    </li>
  );
};

export const MyBets = () => {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(true);
  const query = useQuery({
    queryKey: ['bets', isOpen],
    queryFn: () => fetchBets(isOpen),
    refetchInterval: isOpen ? openBetsRefreshMilliseconds : false,
  });
  return (
    <section className="my-bets">
      <div className="segmented" role="group" aria-label={t('tabs.my_bets')}>
        {[true, false].map((option) => (
          <button
            key={String(option)}
            type="button"
            data-testid={`bets-${option ? 'open' : 'settled'}`}
            aria-pressed={isOpen === option}
            onClick={() => {
              setIsOpen(option);
            }}
          >
            {t(option ? 'bets.open' : 'bets.settled')}
          </button>
        ))}
      </div>
      <QueryState query={query}>
        {(slips) =>
          slips.length === 0 ? (
            <p className="empty">{t('bets.none')}</p>
          ) : (
            <ul className="bet-list">
              {slips.map((slip) => (
                <SlipRow key={slip.id} slip={slip} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
};
