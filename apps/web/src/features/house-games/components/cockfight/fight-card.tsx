import { useTranslation } from 'react-i18next';
import { Money } from '../../../../components/money';
import type { Fight } from '../../api/cockfight-queries';

/** Whether a fight takes bets now, by its phase and (a simulated fight) its close on the server's clock. */
export const isTakingBets = (fight: Fight | null, serverNow: number): boolean =>
  fight !== null &&
  (fight.phase === 'OPEN' || fight.phase === 'LAST_CALL') &&
  (fight.closesAt === null || serverNow < Date.parse(fight.closesAt));

function Corner({ fight, side }: { fight: Fight; side: 'meron' | 'wala' }) {
  const { t } = useTranslation();
  const entry = fight[side];
  const payout = fight.payouts[side];
  const isWinner = fight.result === side;
  return (
    <div
      className={`fight-card__corner fight-card__corner--${side}${isWinner ? ' fight-card__corner--winner' : ''}`}
      data-testid={`cockfight-corner-${side}`}
    >
      <span className="fight-card__side">{t(`house_cockfight.${side}`)}</span>
      <strong className="fight-card__name">{entry.name}</strong>
      {entry.weight !== null && (
        <span className="fight-card__weight">{t('house_cockfight.weight', { grams: entry.weight })}</span>
      )}
      <span className="fight-card__pool">
        {t('house_cockfight.pool')}{' '}
        <Money amount={fight.pools[side]} symbol={fight.currency} testId={`cockfight-pool-${side}`} />
      </span>
      <span className="fight-card__payout" data-testid={`cockfight-payout-${side}`}>
        {payout === null ? t('house_cockfight.payout_none') : t('house_cockfight.payout', { payout })}
      </span>
    </div>
  );
}

/**
 * The fight card: its number and phase, meron against wala with their pools and what each pays per 1 as the
 * pools move (after the house's commission), the draw's fixed odds, and the countdown of a simulated fight.
 */
export function FightCard({ fight, serverNow }: { fight: Fight; serverNow: number }) {
  const { t } = useTranslation();
  const secondsLeft =
    fight.closesAt !== null && isTakingBets(fight, serverNow)
      ? Math.max(0, Math.ceil((Date.parse(fight.closesAt) - serverNow) / 1000))
      : null;
  return (
    <section
      className={`fight-card fight-card--${fight.phase.toLowerCase()}`}
      aria-labelledby="fight-card-title"
      data-testid="cockfight-card"
      data-fight-id={fight.fightId}
      data-phase={fight.phase}
    >
      <header className="fight-card__header">
        <h2 id="fight-card-title">{t('house_cockfight.fight_number', { number: fight.number })}</h2>
        <span className="fight-card__phase" role="status" data-testid="cockfight-phase">
          {fight.result !== null
            ? t(`house_cockfight.result.${fight.result}`)
            : t(`house_cockfight.phase.${fight.phase}`)}
        </span>
        {secondsLeft !== null && (
          <span className="fight-card__countdown" data-testid="cockfight-countdown">
            {t('house_cockfight.closes_in', { seconds: secondsLeft })}
          </span>
        )}
      </header>
      <div className="fight-card__corners">
        <Corner fight={fight} side="meron" />
        <span className="fight-card__versus" aria-hidden="true">
          {t('house_cockfight.vs')}
        </span>
        <Corner fight={fight} side="wala" />
      </div>
      <p className="fight-card__draw">
        {t('house_cockfight.draw_pays', { multiplier: fight.drawMultiplier })} · {t('house_cockfight.pool')}{' '}
        <Money amount={fight.pools.draw} symbol={fight.currency} /> ·{' '}
        {t('house_cockfight.bet_count', { count: fight.betCount })} ·{' '}
        {t('house_cockfight.commission', { percent: fight.commissionPercent })}
      </p>
    </section>
  );
}
