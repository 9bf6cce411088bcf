import type { Bonus } from '@wps/contracts/promotions';
import { wageringProductLines } from '@wps/contracts/promotions-rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money';
import { QueryState } from '../../../components/query-state';
import { formatLocalDateTime } from '../../../lib/format-date';
import { formatAmount } from '../../../lib/format-amount';
import { useBalance } from '../../wallet/api/get-balance';
import { useBonuses } from '../api/get-bonuses';
import './bonus-details.css';

const minuteMs = 60_000;

/** A decimal string as an integer of `scale` decimals ("12.5", 2 → 1250n); amounts here are the server's. */
const scaled = (decimal: string, scale: number): bigint => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
};
const decimalsOf = (decimal: string): number => decimal.split('.')[1]?.length ?? 0;

/** Wagering done, required and left as the server's decimals, and the share done in whole percent. */
export const wageringOf = (bonus: Pick<Bonus, 'wageringDone' | 'wageringRequired'>) => {
  const scale = Math.max(decimalsOf(bonus.wageringDone), decimalsOf(bonus.wageringRequired));
  const done = scaled(bonus.wageringDone, scale);
  const required = scaled(bonus.wageringRequired, scale);
  const left = required > done ? required - done : 0n;
  const digits = left.toString().padStart(scale + 1, '0');
  const leftDecimal = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  const percent = required === 0n ? 100 : Number((done * 100n) / required);
  return { left: leftDecimal, percent };
};

/** Days, hours and minutes until `iso`, refreshed each minute. */
const useCountdown = (iso: string) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => {
      setNow(Date.now());
    }, minuteMs);
    return () => {
      window.clearInterval(timer);
    };
  }, []);
  const leftMs = Math.max(0, new Date(iso).getTime() - now);
  const minutes = Math.floor(leftMs / minuteMs);
  return {
    isOver: leftMs === 0,
    days: Math.floor(minutes / 1440),
    hours: Math.floor(minutes / 60) % 24,
    minutes: minutes % 60,
  };
};

function ActiveBonus({ bonus, currency }: { bonus: Bonus; currency: string }) {
  const { t } = useTranslation();
  const { left, percent } = wageringOf(bonus);
  const countdown = useCountdown(bonus.expiresAt);
  const contributions = wageringProductLines
    .map((line) => ({ line, percent: bonus.contributions[line] ?? 0 }))
    .filter((entry) => entry.percent > 0)
    .sort((one, other) => other.percent - one.percent);
  const hasMaxStake = scaled(bonus.maxStake, decimalsOf(bonus.maxStake)) > 0n;
  return (
    <section className="bonus-details__card" aria-labelledby="bonus-active-title" data-testid="bonus-active">
      <h3 id="bonus-active-title">
        {t('bonus_details.active')}: <bdi dir="auto">{bonus.title}</bdi>
      </h3>
      <dl className="details-list">
        <div>
          <dt>{t('bonus_details.balance')}</dt>
          <dd>
            <Money amount={bonus.balance} symbol={currency} testId="bonus-balance" />
          </dd>
        </div>
        <div>
          <dt>{t('bonus_details.amount')}</dt>
          <dd>
            <Money amount={bonus.amount} symbol={currency} />
          </dd>
        </div>
      </dl>
      <div className="bonus-details__progress">
        <label htmlFor={`bonus-progress-${bonus.id}`}>{t('bonus_details.progress_label')}</label>
        <progress
          id={`bonus-progress-${bonus.id}`}
          className="bonus-details__bar"
          max={100}
          value={percent}
          data-testid="bonus-progress"
        >
          {percent}%
        </progress>
        <p data-testid="bonus-progress-text">
          {t('bonus_details.progress', {
            done: formatAmount(bonus.wageringDone),
            required: formatAmount(bonus.wageringRequired),
            currency,
          })}{' '}
          ({percent}%)
        </p>
        <p className="bonus-details__left" data-testid="bonus-left">
          {t('bonus_details.left', { left: formatAmount(left), currency })}
        </p>
      </div>
      <dl className="details-list">
        <div>
          <dt>{t('bonus_details.max_stake')}</dt>
          <dd data-testid="bonus-max-stake">
            {hasMaxStake ? (
              <Money amount={bonus.maxStake} symbol={currency} />
            ) : (
              t('bonus_details.no_max_stake')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('bonus_details.expires')}</dt>
          <dd data-testid="bonus-expiry">
            <time dateTime={bonus.expiresAt}>{formatLocalDateTime(bonus.expiresAt)}</time> (
            {countdown.isOver
              ? t('bonus_details.expired_now')
              : t('bonus_details.expires_in', {
                  days: countdown.days,
                  hours: countdown.hours,
                  minutes: countdown.minutes,
                })}
            )
          </dd>
        </div>
      </dl>
      <h4>{t('bonus_details.contributions')}</h4>
      <ul className="bonus-details__contributions" data-testid="bonus-contributions">
        {contributions.map(({ line, percent: share }) => (
          <li key={line} data-testid={`bonus-contribution-${line}`}>
            <span>{t(`game_types.${line}`)}</span>
            <span dir="ltr">{share}%</span>
          </li>
        ))}
      </ul>
      <p className="muted">{t('bonus_details.contributions_hint')}</p>
    </section>
  );
}

function BonusHistory({ history, currency }: { history: Bonus[]; currency: string }) {
  const { t } = useTranslation();
  return (
    <section
      className="bonus-details__card"
      aria-labelledby="bonus-history-title"
      data-testid="bonus-history"
    >
      <h3 id="bonus-history-title">{t('bonus_details.history')}</h3>
      {history.length === 0 ? (
        <p className="muted">{t('bonus_details.history_empty')}</p>
      ) : (
        <ul className="bonus-details__history">
          {history.map((bonus) => (
            <li key={bonus.id} data-testid={`bonus-history-${bonus.id}`}>
              <div className="bonus-details__history-head">
                <bdi dir="auto">{bonus.title}</bdi>
                <span className={`bonus-details__status bonus-details__status--${bonus.status}`}>
                  {t(`bonus_details.status.${bonus.status}`)}
                </span>
              </div>
              <dl className="details-list">
                <div>
                  <dt>{t('bonus_details.amount')}</dt>
                  <dd>
                    <Money amount={bonus.amount} symbol={currency} />
                  </dd>
                </div>
                <div>
                  <dt>{t('bonus_details.granted_at')}</dt>
                  <dd>{formatLocalDateTime(bonus.grantedAt)}</dd>
                </div>
                {bonus.endedAt !== null && (
                  <div>
                    <dt>{t('bonus_details.ended_at')}</dt>
                    <dd>{formatLocalDateTime(bonus.endedAt)}</dd>
                  </div>
                )}
                {bonus.settledAmount !== null && bonus.status !== 'active' && (
                  <div>
                    <dt>{t(`bonus_details.settled_by_status.${bonus.status}`)}</dt>
                    <dd>
                      <Money
                        amount={bonus.settledAmount}
                        symbol={currency}
                        testId={`bonus-settled-${bonus.id}`}
                      />
                    </dd>
                  </div>
                )}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** bonusDetails: the active bonus and its wagering, the bonus history, and how forfeiting works. */
export function BonusDetailsPage() {
  const { t } = useTranslation();
  const bonuses = useBonuses();
  const currency = useBalance().data?.currency ?? '';
  return (
    <div className="bonus-details" data-testid="bonus-details">
      {bonuses.data === undefined ? (
        <QueryState error={bonuses.error} onRetry={() => void bonuses.refetch()} />
      ) : (
        <>
          {bonuses.data.active === null ? (
            <p className="bonus-details__card muted" data-testid="bonus-none">
              {t('bonus_details.none')}
            </p>
          ) : (
            <ActiveBonus bonus={bonuses.data.active} currency={currency} />
          )}
          <BonusHistory history={bonuses.data.history} currency={currency} />
        </>
      )}
      <section className="bonus-details__card" aria-labelledby="bonus-rules-title">
        <h3 id="bonus-rules-title">{t('bonus_details.rules_title')}</h3>
        <p data-testid="bonus-forfeit-rules">{t('bonus_details.rules')}</p>
      </section>
    </div>
  );
}
