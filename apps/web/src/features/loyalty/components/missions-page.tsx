import type { MemberLeaderboard, MemberMission } from '@wps/contracts/loyalty-missions';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { QueryState } from '../../../components/query-state';
import { formatLocalDateTime } from '../../../lib/format-date';
import { translateApiError } from '../../../lib/translate-message';
import {
  useClaimMission,
  useMarkMissionsSeen,
  useMissionLeaderboards,
  useMissionSummary,
} from '../api/mission-queries';
import './missions.css';

function MissionCard({ mission, currency }: { mission: MemberMission; currency: string }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const claim = useClaimMission();
  const reward =
    mission.rewardKind === 'points'
      ? t('loyalty.missions.reward_points', { points: mission.rewardAmount })
      : t(`loyalty.missions.reward_${mission.rewardKind}`, { amount: `${currency} ${mission.rewardAmount}` });
  const onClaim = () => {
    claim.mutate(
      { missionId: mission.missionId, periodKey: mission.periodKey },
      {
        onSuccess: (result) => {
          dialogs.toast(
            t(
              result.placedIn === 'points'
                ? 'loyalty.missions.claimed_points'
                : 'loyalty.missions.claimed_reward',
            ),
          );
        },
        onError: (error) => {
          void dialogs.alert({ message: translateApiError(t, error) });
        },
      },
    );
  };
  return (
    <li className="missions__card" data-testid={`mission-${mission.missionId}-${mission.periodKey}`}>
      <div className="missions__head">
        <h3>{mission.title}</h3>
        <span className={`missions__status missions__status--${mission.status}`}>
          {t(`loyalty.missions.status.${mission.status}`)}
        </span>
      </div>
      {mission.description && <p className="muted">{mission.description}</p>}
      <div
        className="missions__bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={mission.percent}
        aria-label={mission.title}
      >
        <span style={{ width: `${String(mission.percent)}%` }} />
      </div>
      <p className="missions__figures">
        <span data-testid={`mission-progress-${mission.missionId}`}>
          {mission.progress} / {mission.target}
        </span>
        <span>{reward}</span>
      </p>
      <div className="missions__foot">
        <span className="muted">
          {t(`loyalty.missions.cadence.${mission.cadence}`)}
          {mission.periodEndsAt &&
            ` · ${t('loyalty.missions.ends', { at: formatLocalDateTime(mission.periodEndsAt) })}`}
        </span>
        {mission.status === 'completed' && (
          <button
            type="button"
            className="button button--primary"
            disabled={claim.isPending}
            data-testid={`mission-claim-${mission.missionId}`}
            onClick={onClaim}
          >
            {t('loyalty.missions.claim')}
          </button>
        )}
      </div>
    </li>
  );
}

function MissionList() {
  const { t } = useTranslation();
  const summary = useMissionSummary();
  const { mutate: markSeen } = useMarkMissionsSeen();
  const unread = summary.data?.unread ?? 0;
  // Opening the page shows every completed mission: the menu badge clears.
  useEffect(() => {
    if (unread > 0) markSeen();
  }, [markSeen, unread]);
  if (summary.data === undefined) {
    return <QueryState error={summary.error} onRetry={() => void summary.refetch()} />;
  }
  if (summary.data.missions.length === 0) {
    return (
      <p className="muted" data-testid="missions-empty">
        {t('loyalty.missions.empty')}
      </p>
    );
  }
  return (
    <ul className="missions__list">
      {summary.data.missions.map((mission) => (
        <MissionCard
          key={`${mission.missionId}:${mission.periodKey}`}
          mission={mission}
          currency={summary.data.currency}
        />
      ))}
    </ul>
  );
}

function Leaderboard({ board, currency }: { board: MemberLeaderboard; currency: string }) {
  const { t } = useTranslation();
  const money = (amount: string) => `${currency} ${amount}`;
  const score = (value: string) => (board.metric === 'valid_bet' ? money(value) : value);
  return (
    <section className="missions__card" data-testid={`leaderboard-${board.leaderboardId}`}>
      <div className="missions__head">
        <h3>{board.title}</h3>
        <span className="muted">
          {t('loyalty.missions.ends', { at: formatLocalDateTime(board.periodEndsAt) })}
        </span>
      </div>
      <p data-testid="leaderboard-me">
        {board.me.place === null
          ? t('loyalty.missions.no_place', { score: score(board.me.score) })
          : t('loyalty.missions.my_place', { place: board.me.place, score: score(board.me.score) })}
      </p>
      <h4>{t('loyalty.missions.prizes')}</h4>
      <ol className="missions__prizes">
        {board.prizes.map((prize, index) => (
          <li key={index}>{money(prize)}</li>
        ))}
      </ol>
      <h4>{t('loyalty.missions.standings')}</h4>
      {board.standings.length === 0 ? (
        <p className="muted">{t('loyalty.missions.no_standings')}</p>
      ) : (
        <ol className="missions__standings">
          {board.standings.map((entry) => (
            <li key={entry.place}>
              <span>{entry.username}</span>
              <span>{score(entry.score)}</span>
            </li>
          ))}
        </ol>
      )}
      {board.lastWinners.length > 0 && (
        <>
          <h4>{t('loyalty.missions.last_winners')}</h4>
          <ol className="missions__standings">
            {board.lastWinners.map((entry) => (
              <li key={entry.place}>
                <span>{entry.username}</span>
                <span>{money(entry.prize)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function Leaderboards() {
  const { t } = useTranslation();
  const boards = useMissionLeaderboards();
  if (boards.data === undefined) {
    return <QueryState error={boards.error} onRetry={() => void boards.refetch()} />;
  }
  if (boards.data.leaderboards.length === 0)
    return <p className="muted">{t('loyalty.missions.no_leaderboards')}</p>;
  return (
    <div className="missions__boards">
      {boards.data.leaderboards.map((board) => (
        <Leaderboard key={board.leaderboardId} board={board} currency={boards.data.currency} />
      ))}
    </div>
  );
}

/**
 * missionLeaderboard: the member's missions with progress bars (moving as the `loyalty` push arrives), a claim
 * button on completed ones (cash and bonus go to the reward centre, points at once), and the leaderboards.
 */
export function MissionsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'missions' | 'leaderboard'>('missions');
  return (
    <div className="missions" data-testid="missions-page">
      <div className="missions__tabs" role="tablist">
        {(['missions', 'leaderboard'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={tab === name ? 'button button--primary' : 'button'}
            data-testid={`missions-tab-${name}`}
            onClick={() => {
              setTab(name);
            }}
          >
            {t(`loyalty.missions.tab_${name}`)}
          </button>
        ))}
      </div>
      {tab === 'missions' ? <MissionList /> : <Leaderboards />}
    </div>
  );
}
