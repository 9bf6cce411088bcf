import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptionedTable } from '../../../components/captioned-table';
import { useDialogs } from '../../../components/dialog-provider';
import { Money } from '../../../components/money';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { formatLocalDateTime } from '../../../lib/format-date';
import { translateApiError } from '../../../lib/translate-message';
import { useClaimRewards } from '../api/claim-rewards';
import { type Reward, type RewardList, useRewards } from '../api/get-rewards';
import { useMarkRewardsSeen } from '../api/get-unread-rewards';
import './reward-center.css';

const minuteMs = 60_000;

/** The current time, ticking once a minute (the expiry countdowns). */
const useMinuteClock = (): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => {
      setNow(Date.now());
    }, minuteMs);
    return () => {
      window.clearInterval(timer);
    };
  }, []);
  return now;
};

/** What is left until `expiresAt` in days, hours and minutes (the largest two units that are not zero). */
export const timeLeft = (
  expiresAt: string,
  now: number,
): { days: number; hours: number; minutes: number } => {
  const left = Math.max(0, Date.parse(expiresAt) - now);
  const minutes = Math.floor(left / minuteMs);
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
  };
};

function Countdown({ expiresAt, now }: { expiresAt: string | null; now: number }) {
  const { t } = useTranslation();
  if (expiresAt === null) return <span className="muted">{t('rewards.no_expiry')}</span>;
  const { days, hours, minutes } = timeLeft(expiresAt, now);
  const text =
    days > 0
      ? t('rewards.left_days', { days, hours })
      : hours > 0
        ? t('rewards.left_hours', { hours, minutes })
        : t('rewards.left_minutes', { minutes });
  return <time dateTime={expiresAt}>{text}</time>;
}

function ClaimableList({ list, symbol }: { list: RewardList; symbol: string }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const claim = useClaimRewards();
  const now = useMinuteClock();
  const onClaim = (id: string | null) => {
    claim.mutate(id, {
      onSuccess: (paid) => {
        dialogs.toast(t('rewards.claimed', { amount: `${symbol} ${paid.total}` }));
      },
      onError: (error) => {
        void dialogs.alert({ message: translateApiError(t, error) });
      },
    });
  };
  return (
    <section className="reward-center__card" aria-labelledby="reward-center-claimable">
      <div className="reward-center__head">
        <div>
          <h3 id="reward-center-claimable">{t('rewards.claimable')}</h3>
          <p className="reward-center__total">
            <Money amount={list.claimableTotal} symbol={symbol} testId="reward-center-total" />
          </p>
        </div>
        <button
          type="button"
          className="button button--primary"
          disabled={list.claimable.length === 0 || claim.isPending}
          aria-busy={claim.isPending}
          data-testid="reward-center-claim-all"
          onClick={() => {
            onClaim(null);
          }}
        >
          {t('rewards.claim_all')}
        </button>
      </div>
      {list.claimable.length === 0 ? (
        <p className="muted" data-testid="reward-center-empty">
          {t('rewards.empty')}
        </p>
      ) : (
        <ul className="reward-center__list">
          {list.claimable.map((reward) => (
            <li key={reward.id} className="reward-center__item" data-testid={`reward-${reward.id}`}>
              <div className="reward-center__what">
                <span className="reward-center__source">{t(`rewards.sources.${reward.source}`)}</span>
                <span className="reward-center__title">{reward.title}</span>
                <span className="muted">
                  <Countdown expiresAt={reward.expiresAt} now={now} />
                </span>
              </div>
              <Money amount={reward.amount} symbol={symbol} />
              <button
                type="button"
                className="button button--primary"
                disabled={claim.isPending}
                data-testid={`reward-claim-${reward.id}`}
                onClick={() => {
                  onClaim(reward.id);
                }}
              >
                {t('rewards.claim')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function History({ rewards, symbol }: { rewards: readonly Reward[]; symbol: string }) {
  const { t } = useTranslation();
  if (rewards.length === 0) {
    return (
      <p className="reward-center__card muted" data-testid="reward-center-history-empty">
        {t('rewards.history_empty')}
      </p>
    );
  }
  return (
    <CaptionedTable caption={t('rewards.history')} testId="reward-center-history">
      <thead>
        <tr>
          <th scope="col">{t('rewards.source')}</th>
          <th scope="col">{t('rewards.amount')}</th>
          <th scope="col">{t('rewards.status')}</th>
          <th scope="col">{t('rewards.date')}</th>
        </tr>
      </thead>
      <tbody>
        {rewards.map((reward) => (
          <tr key={reward.id} data-testid={`reward-history-${reward.id}`}>
            <th scope="row">
              {t(`rewards.sources.${reward.source}`)}
              <span className="muted"> · {reward.title}</span>
            </th>
            <td>
              <Money amount={reward.amount} symbol={symbol} />
            </td>
            <td>{t(`rewards.statuses.${reward.status}`)}</td>
            <td>{formatLocalDateTime(reward.claimedAt ?? reward.expiresAt ?? reward.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </CaptionedTable>
  );
}

/**
 * rewardCenter: the member's rewards from every source, claimable ones first with their expiry countdown, a
 * claim button each and claim-all, then the history. Opening it marks the rewards seen (the badges clear).
 */
export function RewardCenterPage({ currencySymbol }: { currencySymbol: string }) {
  const [pageNo, setPageNo] = useState(1);
  const rewards = useRewards(pageNo);
  const markSeen = useMarkRewardsSeen();
  const { mutate: markAllSeen } = markSeen;
  const unseen = rewards.data?.claimable.length ?? 0;
  useEffect(() => {
    if (unseen > 0) markAllSeen();
  }, [markAllSeen, unseen]);
  return (
    <div className="reward-center" data-testid="reward-center">
      {rewards.data === undefined ? (
        <QueryState error={rewards.error} onRetry={() => void rewards.refetch()} />
      ) : (
        <>
          <ClaimableList list={rewards.data} symbol={currencySymbol} />
          <History rewards={rewards.data.history} symbol={currencySymbol} />
          {rewards.data.totalPages > 1 && (
            <Pagination page={pageNo} totalPages={rewards.data.totalPages} onPageChange={setPageNo} />
          )}
        </>
      )}
    </div>
  );
}
