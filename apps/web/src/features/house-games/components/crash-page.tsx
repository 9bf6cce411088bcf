import { useQueryClient } from '@tanstack/react-query';
import { formatMultiplier, multiplierAt } from '@wps/contracts/crash-rules';
import { memo, useEffect, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Money } from '../../../components/money';
import { translateApiError } from '../../../lib/translate-message';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useBalance } from '../../wallet/api/get-balance';
import { refreshWalletQueries } from '../../wallet/api/query-keys';
import {
  type CrashMyBet,
  type CrashState,
  type LiveCrashState,
  crashQueryKeys,
  useCashOutCrash,
  useCrashState,
  useMyCrashBet,
  usePlaceCrashBet,
} from '../api/crash-queries';
import type { SoundName } from '../sound/game-sound';
import { SoundToggle } from '../sound/sound-toggle';
import { useSoundOnChange } from '../sound/use-sound-on-change';
import { CrashGraph } from './crash-graph';
import { CrashVerifyPanel } from './crash-verify-panel';
import './crash-page.css';

type Round = NonNullable<CrashState['round']>;

/** With reduced motion the curve and the multiplier move on in steps this far apart instead of every frame. */
const reducedMotionStepMs = 250;

/**
 * Re-renders every animation frame while `isActive` (every quarter second with reduced motion), answering the
 * server's time now.
 */
const useServerNow = (live: LiveCrashState | null, isActive: boolean): number => {
  const [, setFrame] = useState(0);
  const isReducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  useEffect(() => {
    if (!isActive) return undefined;
    if (isReducedMotion) {
      const timer = setInterval(() => {
        setFrame((frame) => frame + 1);
      }, reducedMotionStepMs);
      return () => {
        clearInterval(timer);
      };
    }
    let handle = requestAnimationFrame(function next() {
      setFrame((frame) => frame + 1);
      handle = requestAnimationFrame(next);
    });
    return () => {
      cancelAnimationFrame(handle);
    };
  }, [isActive, isReducedMotion]);
  return Date.now() + (live?.clockOffsetMs ?? 0);
};

/** What the member hears as their bet moves: the chips laid, the cash-out (the crash has its own sound). */
const betSounds: Partial<Record<CrashMyBet['status'], SoundName>> = { PLACED: 'chip', CASHED: 'win' };

function Stage({ round, serverNow }: { round: Round | null; serverNow: number }) {
  const { t } = useTranslation();
  if (!round) {
    return (
      <p className="crash-stage__status" data-testid="crash-phase">
        {t('house_crash.waiting')}
      </p>
    );
  }
  const startsAt = Date.parse(round.startsAt);
  const elapsed = serverNow - startsAt;
  if (round.phase === 'CRASHED') {
    return (
      <p
        className="crash-stage__status crash-stage__status--crashed"
        data-testid="crash-phase"
        data-phase="CRASHED"
      >
        {t('house_crash.crashed', { multiplier: round.crashPoint ?? '' })}
      </p>
    );
  }
  if (round.phase === 'CANCELLED') {
    return (
      <p className="crash-stage__status" data-testid="crash-phase" data-phase="CANCELLED">
        {t('house_crash.cancelled')}
      </p>
    );
  }
  if (elapsed < 0) {
    return (
      <p className="crash-stage__status" data-testid="crash-phase" data-phase="BETTING">
        {t('house_crash.starts_in', { seconds: (-elapsed / 1000).toFixed(1) })}
      </p>
    );
  }
  return (
    <p className="crash-stage__multiplier" data-testid="crash-phase" data-phase="RUNNING">
      <span data-testid="crash-multiplier">{formatMultiplier(multiplierAt(elapsed))}×</span>
    </p>
  );
}

/**
 * What a screen reader hears of the stage: the round's end (crash point or cancellation) and the wait for the
 * next one, once each; never the multiplier or the countdown, which change many times a second.
 */
function StageAnnouncement({ round }: { round: Round | null }) {
  const { t } = useTranslation();
  const said =
    round?.phase === 'CRASHED'
      ? t('house_crash.crashed', { multiplier: round.crashPoint ?? '' })
      : round?.phase === 'CANCELLED'
        ? t('house_crash.cancelled')
        : round?.phase === 'RUNNING'
          ? ''
          : t('house_crash.waiting');
  return (
    <p className="visually-hidden" aria-live="polite" data-testid="crash-announcement">
      {said}
    </p>
  );
}

/**
 * The round's bets and the recent rounds: kept out of the per-frame renders of the running multiplier (their
 * data changes with the server's pushes, not with the clock), so a phone keeps its 60 frames a second.
 */
const CrashColumns = memo(function CrashColumns({
  state,
  onVerify,
}: {
  state: CrashState | null;
  onVerify: (roundId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="crash-columns">
      <section aria-labelledby="crash-bets-title">
        <h2 id="crash-bets-title">{t('house_crash.live_bets')}</h2>
        {state && state.bets.length > 0 ? (
          <table className="crash-table" data-testid="crash-bets">
            <thead>
              <tr>
                <th scope="col">{t('house_crash.player')}</th>
                <th scope="col">{t('house_crash.stake')}</th>
                <th scope="col">{t('house_crash.cashed_at')}</th>
                <th scope="col">{t('house_crash.payout')}</th>
              </tr>
            </thead>
            <tbody>
              {state.bets.map((entry) => (
                <tr key={entry.betId} data-status={entry.status}>
                  <td>{entry.player}</td>
                  <td>
                    <Money amount={entry.amount} symbol={entry.currency} />
                  </td>
                  <td>{entry.cashedOutAt ? `${entry.cashedOutAt}×` : '—'}</td>
                  <td>{entry.payout ? <Money amount={entry.payout} symbol={entry.currency} /> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="muted">{t('house_crash.no_bets')}</p>
        )}
      </section>

      <section aria-labelledby="crash-history-title">
        <h2 id="crash-history-title">{t('house_crash.history')}</h2>
        <ul className="crash-history" data-testid="crash-history">
          {state?.history.map((entry) => (
            <li key={entry.roundId}>
              <button
                type="button"
                className={`crash-chip ${Number(entry.crashPoint) >= 2 ? 'crash-chip--high' : ''}`}
                title={entry.hash}
                onClick={() => {
                  onVerify(entry.roundId);
                }}
                data-testid="crash-history-item"
              >
                {entry.phase === 'CANCELLED' ? t('house_crash.cancelled_short') : `${entry.crashPoint}×`}
              </button>
            </li>
          ))}
        </ul>
        <p className="muted">{t('house_crash.verify_hint')}</p>
      </section>
    </div>
  );
});

/**
 * The crash game (spec section 1, mini games): one round for everybody, announced by the server's event
 * stream; the multiplier is drawn here from the round's published start and growth (e^(0.00006·ms)), while
 * the server alone decides cash-outs by its own clock.
 */
export function CrashPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const live = useCrashState();
  const myBet = useMyCrashBet();
  const balance = useBalance();
  const place = usePlaceCrashBet();
  const cashOut = useCashOutCrash();
  const [amount, setAmount] = useState('1.00');
  const [autoCashOut, setAutoCashOut] = useState('');
  // A betting record's "verify" link opens the page on that round's proof.
  const [searchParams] = useSearchParams();
  const [verifyRoundId, setVerifyRoundId] = useState<string | null>(searchParams.get('verify'));

  const round = live?.state.round ?? null;
  const isRoundLive = round !== null && (round.phase === 'BETTING' || round.phase === 'RUNNING');
  const serverNow = useServerNow(live, isRoundLive);
  const bet = myBet.data && round && myBet.data.roundId === round.roundId ? myBet.data : null;
  const shownBet = live?.state.bets.find((entry) => entry.betId === bet?.betId);
  useSoundOnChange(bet ? `${bet.betId}:${bet.status}` : null, bet ? (betSounds[bet.status] ?? null) : null);
  useSoundOnChange(round?.phase === 'CRASHED' ? round.roundId : null, 'crash');

  // The round moved on, or the shared list shows our bet settled (an auto cash-out, the crash): read it again.
  const roundKey = `${round?.roundId ?? ''}:${round?.phase ?? ''}:${shownBet?.status ?? ''}`;
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: crashQueryKeys.myBet });
    void refreshWalletQueries(queryClient);
  }, [roundKey, queryClient]);

  const isBettingOpen = round?.phase === 'BETTING' && serverNow < Date.parse(round.startsAt);
  const canBet = isBettingOpen && bet === null && !place.isPending;
  const canCashOut = round?.phase === 'RUNNING' && bet?.status === 'PLACED' && !cashOut.isPending;
  const error = place.error ?? cashOut.error;
  const currentMultiplier = round
    ? formatMultiplier(multiplierAt(serverNow - Date.parse(round.startsAt)))
    : formatMultiplier(100);

  const submitBet = (event: SyntheticEvent) => {
    event.preventDefault();
    cashOut.reset();
    place.mutate({
      amount: amount.trim(),
      autoCashOut: autoCashOut.trim() === '' ? null : autoCashOut.trim(),
    });
  };

  return (
    <article className="page page--game crash-page" data-testid="crash-page">
      <header className="crash-page__header">
        <h1>{t('house_crash.title')}</h1>
        <SoundToggle />
        {balance.data && (
          <p>
            {t('house_crash.balance')}:{' '}
            <Money
              amount={balance.data.balance}
              symbol={balance.data.currencySymbol}
              testId="crash-balance"
            />
          </p>
        )}
      </header>

      <section className="crash-stage">
        <CrashGraph round={round} serverNow={serverNow} />
        <Stage round={round} serverNow={serverNow} />
      </section>
      <StageAnnouncement round={round} />

      <form className="crash-controls" onSubmit={submitBet}>
        <label>
          {t('house_crash.amount')}
          <input
            inputMode="decimal"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
            }}
            data-testid="crash-amount"
          />
        </label>
        <label>
          {t('house_crash.auto_cash_out')}
          <input
            inputMode="decimal"
            placeholder={t('house_crash.auto_hint')}
            value={autoCashOut}
            onChange={(event) => {
              setAutoCashOut(event.target.value);
            }}
            data-testid="crash-auto"
          />
        </label>
        <button type="submit" className="button button--primary" disabled={!canBet} data-testid="crash-bet">
          {t('house_crash.bet')}
        </button>
        <button
          type="button"
          className="button crash-controls__cash-out"
          disabled={!canCashOut}
          onClick={() => {
            if (bet) cashOut.mutate(bet.betId);
          }}
          data-testid="crash-cash-out"
        >
          {canCashOut
            ? t('house_crash.cash_out_at', { multiplier: currentMultiplier })
            : t('house_crash.cash_out')}
        </button>
      </form>

      {bet && (
        <p className="crash-my-bet" data-testid="crash-my-bet" data-status={bet.status}>
          {bet.status === 'PLACED' && t('house_crash.my_bet_placed', { amount: bet.amount })}
          {bet.status === 'CASHED' &&
            t('house_crash.my_bet_cashed', { multiplier: bet.cashedOutAt ?? '', payout: bet.payout ?? '' })}
          {bet.status === 'LOST' && t('house_crash.my_bet_lost', { amount: bet.amount })}
          {bet.status === 'REFUNDED' && t('house_crash.my_bet_refunded', { amount: bet.amount })}
        </p>
      )}
      {error && (
        <p role="alert" className="crash-error" data-testid="crash-error">
          {translateApiError(t, error)}
        </p>
      )}

      <CrashColumns state={live?.state ?? null} onVerify={setVerifyRoundId} />

      {verifyRoundId !== null && (
        <CrashVerifyPanel
          roundId={verifyRoundId}
          onClose={() => {
            setVerifyRoundId(null);
          }}
        />
      )}

      {live?.state.chain && (
        <section className="crash-fairness" data-testid="crash-chain">
          <h2>{t('house_crash.fairness_title')}</h2>
          <p>{t('house_crash.fairness_intro')}</p>
          <dl>
            <dt>{t('house_crash.commitment')}</dt>
            <dd>
              <code>{live.state.chain.commitment}</code>
            </dd>
            <dt>{t('house_crash.salt')}</dt>
            <dd>
              <code>{live.state.chain.salt}</code>
            </dd>
            <dt>{t('house_crash.house_edge')}</dt>
            <dd>{(live.state.chain.houseEdgeBasisPoints / 100).toFixed(2)}%</dd>
          </dl>
          <p className="muted">{t('house_crash.formula')}</p>
        </section>
      )}
    </article>
  );
}
