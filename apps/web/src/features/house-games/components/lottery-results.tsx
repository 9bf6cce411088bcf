import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { formatLocalDateTime } from '../../../lib/format-date';
import {
  useDrawVerification,
  useLotteryResults,
  useMyLotteryBets,
  type LotteryBet,
  type LotteryDraw,
  type LotteryGameWithTime,
} from '../api/lottery-queries';
import type { LotteryResultView } from './lottery-game-page';

/**
 * The site's verification page (/fairness) filled in for this draw: the lottery's verifier recomputes the
 * result from the seeds and the game's code and stations.
 */
export const fairnessPathOf = (draw: LotteryDraw): string =>
  `/fairness?${new URLSearchParams({
    game: 'lottery',
    serverSeedHash: draw.serverSeedHash ?? '',
    serverSeed: draw.serverSeed ?? '',
    clientSeed: draw.clientSeed,
    nonce: '0',
    gameCode: draw.gameCode,
    stations: draw.stations.map((station) => station.code).join(','),
    // The drawn result, set beside the recomputed one.
    ...(draw.result === null ? {} : { recorded: JSON.stringify(draw.result) }),
  }).toString()}`;

/** A draw's proof: the seeds, and the server's recomputation of the result from them when asked. */
export function LotteryProof({ draw }: { draw: LotteryDraw }) {
  const { t } = useTranslation();
  const [isAsked, setAsked] = useState(false);
  const verification = useDrawVerification(draw.publicId, isAsked);
  if (draw.resultSource === 'operator') {
    return <p className="muted lottery-proof">{t('lottery.proof.operator')}</p>;
  }
  if (draw.serverSeed === null) return null;
  const checks = verification.data;
  return (
    <div className="lottery-proof" data-testid="lottery-proof">
      <dl className="lottery-proof__seeds">
        <div>
          <dt>{t('lottery.proof.server_seed_hash')}</dt>
          <dd>
            <code dir="ltr" className="lottery-proof__code">
              {draw.serverSeedHash}
            </code>
          </dd>
        </div>
        <div>
          <dt>{t('lottery.proof.server_seed')}</dt>
          <dd>
            <code dir="ltr" className="lottery-proof__code">
              {draw.serverSeed}
            </code>
          </dd>
        </div>
        <div>
          <dt>{t('lottery.proof.client_seed')}</dt>
          <dd>
            <code dir="ltr" className="lottery-proof__code">
              {draw.clientSeed}
            </code>
          </dd>
        </div>
      </dl>
      <Link to={fairnessPathOf(draw)} data-testid="lottery-fairness-link">
        {t('lottery.proof.open_page')}
      </Link>
      {!isAsked ? (
        <button
          type="button"
          className="button button--ghost"
          data-testid="lottery-verify"
          onClick={() => {
            setAsked(true);
          }}
        >
          {t('lottery.proof.verify')}
        </button>
      ) : checks === undefined ? (
        <QueryState error={verification.error} onRetry={() => void verification.refetch()} />
      ) : (
        <p
          role="status"
          data-testid="lottery-verification"
          data-verified={checks.hashMatches && checks.resultMatches}
        >
          {checks.hashMatches && checks.resultMatches
            ? t('lottery.proof.verified', { nonce: checks.nonce })
            : t('lottery.proof.mismatch')}
        </p>
      )}
    </div>
  );
}

type LotteryResultsProps = {
  game: LotteryGameWithTime;
  renderResult: LotteryResultView;
  token: string | null;
  openDrawId: string | null;
};

const noBets: readonly LotteryBet[] = [];

/** Recent results of the game, newest first, each with its proof. */
export function LotteryResults({ game, renderResult, token, openDrawId }: LotteryResultsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const results = useLotteryResults(game.gameCode);
  // The same query as the member's bets panel (shared cache): used to mark the numbers a bet matched.
  const myBets = useMyLotteryBets(token, game.gameCode, openDrawId);
  const bets = myBets.data?.bets ?? noBets;
  return (
    <section className="lottery__panel" aria-labelledby={titleId} data-testid="lottery-results">
      <h2 id={titleId} className="lottery__panel-title">
        {t('lottery.results.title')}
      </h2>
      {results.data === undefined ? (
        <QueryState error={results.error} onRetry={() => void results.refetch()} />
      ) : results.data.draws.length === 0 ? (
        <p className="muted">{t('lottery.results.empty')}</p>
      ) : (
        <ol className="lottery-results">
          {results.data.draws.map((draw, index) => (
            <li
              key={draw.publicId}
              className="lottery-results__item"
              data-testid="lottery-result"
              data-draw-id={draw.publicId}
            >
              <details open={index === 0 || bets.some((bet) => bet.drawId === draw.publicId)}>
                <summary>
                  <bdi dir="ltr">{draw.publicId}</bdi>{' '}
                  <span className="muted">{formatLocalDateTime(draw.drawAt)}</span>
                </summary>
                {draw.result === null ? (
                  <p className="muted">{t('lottery.results.pending')}</p>
                ) : (
                  renderResult(
                    draw,
                    game,
                    bets.filter((bet) => bet.drawId === draw.publicId),
                  )
                )}
                <LotteryProof draw={draw} />
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
