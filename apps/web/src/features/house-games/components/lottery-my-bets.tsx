import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptionedTable } from '../../../components/captioned-table';
import { Money } from '../../../components/money';
import { QueryState } from '../../../components/query-state';
import { formatAmount } from '../../../lib/format-amount';
import { formatLocalDateTime } from '../../../lib/format-date';
import { useMyLotteryBets, type LotteryBet, type LotteryGameWithTime } from '../api/lottery-queries';
import { betTypeLabel, summariseNumbers } from './lottery-labels';

type LotteryMyBetsProps = { token: string; game: LotteryGameWithTime; openDrawId: string | null };

/**
 * Says once, in a live region, how a bet that was pending on screen settled: the player watching the
 * countdown hears the outcome without looking for it in the table.
 */
const useSettlementNotice = (bets: readonly LotteryBet[] | undefined): string | null => {
  const { t } = useTranslation();
  const pending = useRef(new Set<string>());
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (bets === undefined) return;
    const settled = bets.filter((bet) => bet.status !== 'pending' && pending.current.has(bet.id));
    pending.current = new Set(bets.filter((bet) => bet.status === 'pending').map((bet) => bet.id));
    const [latest] = settled;
    if (latest === undefined) return;
    setNotice(
      latest.status === 'won'
        ? t('lottery.bets.won_notice', { drawId: latest.drawId, payout: formatAmount(latest.payout) })
        : t('lottery.bets.lost_notice', { drawId: latest.drawId }),
    );
  }, [bets, t]);
  return notice;
};

/** The member's bets on this game, newest first, with their stake, status and payout. */
export function LotteryMyBets({ token, game, openDrawId }: LotteryMyBetsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const bets = useMyLotteryBets(token, game.gameCode, openDrawId);
  const notice = useSettlementNotice(bets.data?.bets);
  return (
    <section className="lottery__panel" aria-labelledby={titleId} data-testid="lottery-my-bets">
      <h2 id={titleId} className="lottery__panel-title">
        {t('lottery.bets.title')}
      </h2>
      <p className="lottery__notice" role="status" data-testid="lottery-settlement-notice">
        {notice ?? ''}
      </p>
      {bets.data === undefined ? (
        <QueryState error={bets.error} onRetry={() => void bets.refetch()} />
      ) : bets.data.bets.length === 0 ? (
        <p className="muted" data-testid="lottery-my-bets-empty">
          {t('lottery.bets.empty')}
        </p>
      ) : (
        <CaptionedTable caption={t('lottery.bets.title')} testId="lottery-my-bets-table" isCaptionHidden>
          <thead>
            <tr>
              <th scope="col">{t('lottery.bets.draw')}</th>
              <th scope="col">{t('lottery.bets.bet')}</th>
              <th scope="col">{t('lottery.bets.stake')}</th>
              <th scope="col">{t('lottery.bets.status')}</th>
              <th scope="col">{t('lottery.bets.payout')}</th>
            </tr>
          </thead>
          <tbody>
            {bets.data.bets.map((bet) => (
              <tr
                key={bet.id}
                data-testid="lottery-bet-row"
                data-status={bet.status}
                data-draw-id={bet.drawId}
              >
                <td>
                  <bdi dir="ltr">{bet.drawId}</bdi>
                  <br />
                  <span className="muted">{formatLocalDateTime(bet.placedAt)}</span>
                </td>
                <td>
                  {game.kind === 'race' && bet.betType === 'position'
                    ? t('lottery.race.types.position')
                    : betTypeLabel(t, bet.betType)}
                  {bet.stations.length > 0 && <span className="muted"> · {bet.stations.join(', ')}</span>}
                  <br />
                  <bdi dir="ltr" className="lottery__numbers">
                    {summariseNumbers(bet.numbers)}
                  </bdi>
                </td>
                <td>
                  <Money amount={bet.stake} />
                </td>
                <td>
                  <span
                    className={`lottery-status lottery-status--${bet.status}`}
                    data-testid="lottery-bet-status"
                  >
                    {t(`lottery.bet_status.${bet.status}`)}
                  </span>
                </td>
                <td data-testid="lottery-bet-payout">
                  {bet.status === 'pending' ? (
                    <span className="muted">—</span>
                  ) : (
                    <Money amount={bet.payout} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </CaptionedTable>
      )}
    </section>
  );
}
