import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../../components/money';
import { QueryState } from '../../../components/query-state';
import { isApiError } from '../../../lib/api-client';
import { formatLocalDateTime } from '../../../lib/format-date';
import { useSession } from '../../auth/api/use-session';
import { useBalance } from '../../wallet/api/get-balance';
import {
  lotteryQueryKeys,
  refreshLotteryQueries,
  useLotteryGame,
  type LotteryBet,
  type LotteryDraw,
  type LotteryGameWithTime,
} from '../api/lottery-queries';
import { SoundToggle } from '../sound/sound-toggle';
import { useSoundOnChange } from '../sound/use-sound-on-change';
import { LotteryCountdown } from './lottery-countdown';
import { LotteryMyBets } from './lottery-my-bets';
import { LotteryResults } from './lottery-results';
import './lottery-page.css';

export type LotterySlipContext = {
  game: LotteryGameWithTime;
  /** The draw taking bets now, or null. */
  openDraw: LotteryDraw | null;
};

export type LotteryResultView = (
  draw: LotteryDraw,
  game: LotteryGameWithTime,
  myBets: readonly LotteryBet[],
) => ReactNode;

type LotteryGamePageProps = {
  gameCode: string;
  /** Above the draw: the VN page's regions. */
  navigation?: ReactNode;
  /** The game's bet slip. */
  renderSlip: (context: LotterySlipContext) => ReactNode;
  /** One draw's result, as this kind of game shows it. */
  renderResult: LotteryResultView;
};

/** The balance on the game page itself (the site header hides it on game pages). */
function LotteryBalance() {
  const { t } = useTranslation();
  const balance = useBalance();
  return (
    <p className="lottery__balance">
      <span>{t('lottery.balance')}</span>{' '}
      {balance.data === undefined ? (
        <span className="muted">…</span>
      ) : (
        <Money amount={balance.data.balance} symbol={balance.data.currencySymbol} testId="lottery-balance" />
      )}
    </p>
  );
}

/**
 * Results and settlements arrive without a request of ours: when the balance is read again (after the push
 * signal `balance`) or the game's latest draw changes, the member's bets and the results are read again.
 */
const useRefreshOnSettlement = (gameCode: string, lastDraw: LotteryDraw | null | undefined) => {
  const queryClient = useQueryClient();
  const balanceUpdatedAt = useBalance().dataUpdatedAt;
  // Undefined while the game loads; '' when it has no drawn result yet.
  const lastDrawKey =
    lastDraw === undefined ? undefined : lastDraw === null ? '' : `${lastDraw.publicId}:${lastDraw.status}`;
  // What the page saw last; the first answers only set it (the queries are fresh then anyway).
  const seen = useRef<{ balanceUpdatedAt: number; lastDrawKey: string } | null>(null);
  useEffect(() => {
    if (lastDrawKey === undefined) return;
    const before = seen.current;
    seen.current = { balanceUpdatedAt, lastDrawKey };
    if (before === null) return;
    const isBalanceNews = before.balanceUpdatedAt !== 0 && before.balanceUpdatedAt !== balanceUpdatedAt;
    const isDrawNews = before.lastDrawKey !== lastDrawKey;
    if (!isBalanceNews && !isDrawNews) return;
    void queryClient.invalidateQueries({ queryKey: lotteryQueryKeys.allBets });
    void queryClient.invalidateQueries({ queryKey: lotteryQueryKeys.results(gameCode) });
  }, [queryClient, gameCode, balanceUpdatedAt, lastDrawKey]);
};

type CurrentDrawProps = { game: LotteryGameWithTime; receivedAt: number; onClosed: () => void };

function CurrentDraw({ game, receivedAt, onClosed }: CurrentDrawProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const draw = game.currentDraw;
  return (
    <section
      className="lottery__panel lottery-draw"
      aria-labelledby={titleId}
      data-testid="lottery-current-draw"
    >
      <h2 id={titleId} className="lottery__panel-title">
        {t('lottery.draw.current')}
      </h2>
      {draw === null ? (
        <p className="muted" data-testid="lottery-no-draw">
          {t('lottery.draw.none')}
        </p>
      ) : (
        <>
          <dl className="lottery-draw__facts">
            <div>
              <dt>{t('lottery.draw.id')}</dt>
              <dd dir="ltr" data-testid="lottery-draw-id">
                {draw.publicId}
              </dd>
            </div>
            <div>
              <dt>{t('lottery.draw.draw_at')}</dt>
              <dd>{formatLocalDateTime(draw.drawAt)}</dd>
            </div>
            <div>
              <dt>{t('lottery.draw.status')}</dt>
              <dd data-testid="lottery-draw-status">{t(`lottery.draw_status.${draw.status}`)}</dd>
            </div>
          </dl>
          {draw.status === 'open' && (
            <LotteryCountdown
              closesAt={draw.closesAt}
              serverTime={game.serverTime}
              receivedAt={receivedAt}
              onClosed={onClosed}
            />
          )}
          {draw.serverSeedHash !== null && (
            <p className="lottery-draw__hash">
              <span>{t('lottery.proof.commitment')}</span>{' '}
              <code dir="ltr" className="lottery-proof__code">
                {draw.serverSeedHash}
              </code>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The frame every lottery page shares: the game and its balance, the current draw with its cut-off
 * countdown, the kind's own bet slip, the member's bets and the recent results with their proofs.
 */
export function LotteryGamePage({ gameCode, navigation, renderSlip, renderResult }: LotteryGamePageProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const game = useLotteryGame(gameCode);
  const { token } = useSession();
  useRefreshOnSettlement(gameCode, game.data?.lastDraw);
  // A new result drawn while the page is open.
  useSoundOnChange(game.data?.lastDraw?.publicId ?? null, 'spin');

  if (game.data === undefined) {
    const isUnknown =
      isApiError(game.error) && (game.error.code === 'GAME_NOT_FOUND' || game.error.code === 'NOT_FOUND');
    return (
      <article className="page page--game lottery" data-testid="lottery-page">
        {navigation}
        {isUnknown ? (
          <p role="alert" data-testid="lottery-unknown-game">
            {t('lottery.unknown_game')} <Link to="/lott">{t('lottery.back_to_lobby')}</Link>
          </p>
        ) : (
          <QueryState error={game.error} onRetry={() => void game.refetch()} />
        )}
      </article>
    );
  }

  const data = game.data;
  const openDraw = data.currentDraw?.status === 'open' ? data.currentDraw : null;
  return (
    <article className="page page--game lottery" data-testid="lottery-page" data-game-code={data.gameCode}>
      <header className="lottery__header">
        <h1 className="page__title" data-testid="lottery-game-name">
          {data.name}
        </h1>
        <LotteryBalance />
        <SoundToggle />
      </header>
      {navigation}
      <div className="lottery__layout">
        <div className="lottery__column">
          <CurrentDraw
            game={data}
            receivedAt={game.dataUpdatedAt}
            onClosed={() => {
              void refreshLotteryQueries(queryClient, gameCode);
            }}
          />
          {renderSlip({ game: data, openDraw })}
        </div>
        <div className="lottery__column">
          {token !== null && (
            <LotteryMyBets token={token} game={data} openDrawId={openDraw?.publicId ?? null} />
          )}
          <LotteryResults
            game={data}
            renderResult={renderResult}
            token={token}
            openDrawId={openDraw?.publicId ?? null}
          />
        </div>
      </div>
    </article>
  );
}
