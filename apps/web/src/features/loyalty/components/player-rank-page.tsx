import type { VipBenefits, VipProgress } from '@wps/contracts/loyalty-vip';
import { useTranslation } from 'react-i18next';
import { CaptionedTable } from '../../../components/captioned-table';
import { Money } from '../../../components/money';
import { QueryState } from '../../../components/query-state';
import { type PlayerRank, usePlayerRank, vipLevelNameIn } from '../api/vip-player-rank';
import './player-rank.css';

function ProgressBar({
  label,
  progress,
  currency,
  testId,
}: {
  label: string;
  progress: VipProgress;
  currency: string;
  testId: string;
}) {
  return (
    <div className="player-rank__progress" data-testid={testId}>
      <div className="player-rank__progress-label">
        <span>{label}</span>
        <span>
          <Money amount={progress.done} symbol={currency} /> / <Money amount={progress.needed} />
        </span>
      </div>
      <div
        className="player-rank__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
      >
        <div className="player-rank__bar-fill" style={{ width: `${progress.percent}%` }} />
      </div>
    </div>
  );
}

/** A level's icon (the operator's picture) at a small, fixed size; named by the level for screen readers. */
function LevelIcon({ url, name, size }: { url: string; name: string; size: number }) {
  return <img src={url} alt={name} width={size} height={size} loading="lazy" decoding="async" />;
}

function CurrentLevel({ rank }: { rank: PlayerRank }) {
  const { t, i18n } = useTranslation();
  const { current, next, currency } = rank;
  const currentName = vipLevelNameIn(current.name, i18n.language);
  return (
    <section className="player-rank__card" aria-labelledby="player-rank-current">
      <div className="player-rank__badge" data-testid="player-rank-badge">
        {current.iconUrl ? <LevelIcon url={current.iconUrl} name={currentName} size={48} /> : null}
        <div>
          <h3 id="player-rank-current">{t('loyalty.vip.current')}</h3>
          <p className="player-rank__name">{currentName}</p>
        </div>
      </div>
      {next ? (
        <>
          <p>
            {t('loyalty.vip.to_next', {
              level: vipLevelNameIn(next.name, i18n.language),
              percent: next.percent,
            })}
          </p>
          <ProgressBar
            label={t('loyalty.vip.deposit')}
            progress={next.deposit}
            currency={currency}
            testId="player-rank-next-deposit"
          />
          <ProgressBar
            label={t('loyalty.vip.valid_bet')}
            progress={next.validBet}
            currency={currency}
            testId="player-rank-next-valid-bet"
          />
        </>
      ) : (
        <p data-testid="player-rank-top">{t('loyalty.vip.top_level')}</p>
      )}
    </section>
  );
}

function KeepLevel({ rank }: { rank: PlayerRank }) {
  const { t } = useTranslation();
  const { keep, currency } = rank;
  if (!keep) return null;
  return (
    <section className="player-rank__card" aria-labelledby="player-rank-keep" data-testid="player-rank-keep">
      <h3 id="player-rank-keep">{t('loyalty.vip.keep_title')}</h3>
      <p className="muted">{t('loyalty.vip.keep_period', { from: keep.periodStart, to: keep.periodEnd })}</p>
      <p data-testid="player-rank-keep-status">
        {keep.isKept ? t('loyalty.vip.keep_done') : t('loyalty.vip.keep_pending')}
      </p>
      <ProgressBar
        label={t('loyalty.vip.deposit')}
        progress={keep.deposit}
        currency={currency}
        testId="player-rank-keep-deposit"
      />
      <ProgressBar
        label={t('loyalty.vip.valid_bet')}
        progress={keep.validBet}
        currency={currency}
        testId="player-rank-keep-valid-bet"
      />
    </section>
  );
}

const ratesOf = (rates: Record<string, string>): string =>
  Object.entries(rates)
    .map(([line, rate]) => `${line} ${rate}`)
    .join(' · ') || '—';

function BenefitRow({ level, isCurrent }: { level: VipBenefits; isCurrent: boolean }) {
  const { t, i18n } = useTranslation();
  const name = vipLevelNameIn(level.name, i18n.language);
  return (
    <tr data-testid={`player-rank-level-${level.rank}`} aria-current={isCurrent ? 'true' : undefined}>
      <th scope="row">
        {level.iconUrl ? (
          <>
            <LevelIcon url={level.iconUrl} name={name} size={24} />{' '}
          </>
        ) : null}
        {name}
      </th>
      <td>
        <Money amount={level.depositThreshold} /> / <Money amount={level.validBetThreshold} />
      </td>
      <td>
        <Money amount={level.levelUpBonus} />
      </td>
      <td>
        <Money amount={level.monthlyBonus} />
      </td>
      <td>
        <Money amount={level.birthdayBonus} />
      </td>
      <td>{ratesOf(level.rebateRates)}</td>
      <td>{ratesOf(level.pointRates)}</td>
      <td>
        {level.dailyWithdrawalCount === null || level.dailyWithdrawalAmount === null ? (
          t('loyalty.vip.standard_limits')
        ) : (
          <>
            {t('loyalty.vip.withdrawals_per_day', { count: level.dailyWithdrawalCount })} ·{' '}
            <Money amount={level.dailyWithdrawalAmount} />
          </>
        )}
      </td>
      <td>{level.managerContact ?? '—'}</td>
    </tr>
  );
}

function Benefits({ rank }: { rank: PlayerRank }) {
  const { t } = useTranslation();
  return (
    <CaptionedTable caption={t('loyalty.vip.benefits')} testId="player-rank-benefits">
      <thead>
        <tr>
          <th scope="col">{t('loyalty.vip.level')}</th>
          <th scope="col">{t('loyalty.vip.requirement')}</th>
          <th scope="col">{t('loyalty.vip.level_up_bonus')}</th>
          <th scope="col">{t('loyalty.vip.monthly_bonus')}</th>
          <th scope="col">{t('loyalty.vip.birthday_bonus')}</th>
          <th scope="col">{t('loyalty.vip.rebate_rates')}</th>
          <th scope="col">{t('loyalty.vip.point_rates')}</th>
          <th scope="col">{t('loyalty.vip.withdrawal_limits')}</th>
          <th scope="col">{t('loyalty.vip.manager')}</th>
        </tr>
      </thead>
      <tbody>
        {rank.levels.map((level) => (
          <BenefitRow key={level.rank} level={level} isCurrent={level.rank === rank.current.rank} />
        ))}
      </tbody>
    </CaptionedTable>
  );
}

/** playerRank: the member's VIP level, the progress bars to the next level, keeping the level, the benefits. */
export function PlayerRankPage() {
  const rank = usePlayerRank();
  return (
    <div className="player-rank" data-testid="player-rank">
      {rank.data === undefined ? (
        <QueryState error={rank.error} onRetry={() => void rank.refetch()} />
      ) : (
        <>
          <CurrentLevel rank={rank.data} />
          <KeepLevel rank={rank.data} />
          <Benefits rank={rank.data} />
        </>
      )}
    </div>
  );
}
