import {
  leaderboardMetrics,
  leaderboardPeriods,
  type LeaderboardStatus,
} from '@wps/contracts/loyalty-missions';
import { type SyntheticEvent, useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { useCan } from '../session/api';
import {
  type LeaderboardBody,
  type OperatorLeaderboard,
  useLeaderboardPayouts,
  useLeaderboards,
  useLeaderboardStatus,
  useSaveLeaderboard,
} from './missions-api';

const columns = ['Title', 'Ranks by', 'Period', 'Prizes', 'Turnover ×', 'Status', ''];
const payoutColumns = ['Leaderboard', 'Period', 'Place', 'Member', 'Score', 'Prize', 'Paid'];

const nextStatuses: Record<LeaderboardStatus, readonly LeaderboardStatus[]> = {
  live: ['paused', 'ended'],
  paused: ['live', 'ended'],
  ended: [],
};

type Draft = {
  titleEn: string;
  titleUr: string;
  metric: string;
  period: string;
  prizes: string;
  turnover: string;
};

const draftOf = (board: OperatorLeaderboard | null): Draft => ({
  titleEn: board?.title.en ?? '',
  titleUr: board?.title.ur ?? '',
  metric: board?.metric ?? 'mission_points',
  period: board?.period ?? 'weekly',
  prizes: board?.prizes.join(', ') ?? '',
  turnover: String(board?.prizeTurnoverMultiplier ?? 0),
});

const bodyOf = (draft: Draft): LeaderboardBody => ({
  title: draft.titleUr.trim() === '' ? { en: draft.titleEn } : { en: draft.titleEn, ur: draft.titleUr },
  metric: draft.metric === 'valid_bet' ? 'valid_bet' : 'mission_points',
  period: draft.period === 'daily' ? 'daily' : draft.period === 'monthly' ? 'monthly' : 'weekly',
  prizes: draft.prizes
    .split(',')
    .map((prize) => prize.trim())
    .filter((prize) => prize !== ''),
  prizeTurnoverMultiplier: Number(draft.turnover),
});

function LeaderboardForm({ board, onDone }: { board: OperatorLeaderboard | null; onDone: () => void }) {
  const [draft, setDraft] = useState(() => draftOf(board));
  const save = useSaveLeaderboard();
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate({ id: board?.id ?? null, body: bodyOf(draft) }, { onSuccess: onDone });
  };
  const input = (field: keyof Draft, label: string) => (
    <label>
      {label}
      <input
        value={draft[field]}
        data-testid={`leaderboard-${field}`}
        onChange={(event) => {
          setDraft({ ...draft, [field]: event.target.value });
        }}
      />
    </label>
  );
  const select = (field: 'metric' | 'period', label: string, options: readonly string[]) => (
    <label>
      {label}
      <select
        value={draft[field]}
        disabled={board !== null}
        data-testid={`leaderboard-${field}`}
        onChange={(event) => {
          setDraft({ ...draft, [field]: event.target.value });
        }}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form className="form" onSubmit={onSubmit} aria-label="Leaderboard" data-testid="leaderboard-form">
      <h2>{board ? `Edit ${board.title.en}` : 'New leaderboard (live at once)'}</h2>
      {input('titleEn', 'Title (English)')}
      {input('titleUr', 'Title (Urdu)')}
      {select('metric', 'Ranks by', leaderboardMetrics)}
      {select('period', 'Period', leaderboardPeriods)}
      {input('prizes', 'Prizes, place 1 first (100, 50, 20)')}
      {input('turnover', 'Prize turnover multiplier')}
      <ErrorMessage error={save.error} testId="leaderboard-error" />
      <div className="row-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={save.isPending}
          data-testid="leaderboard-save"
        >
          Save
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Payouts({ titles }: { titles: ReadonlyMap<string, string> }) {
  const payouts = useLeaderboardPayouts();
  const list = payouts.data?.payouts ?? [];
  return (
    <>
      <h2>Prizes paid</h2>
      <ErrorMessage error={payouts.error} testId="leaderboard-payouts-error" />
      <ListTable
        testId="leaderboard-payouts-table"
        columns={payoutColumns}
        isLoading={payouts.isPending}
        isEmpty={payouts.isSuccess && list.length === 0}
        emptyMessage="No prizes paid yet."
        emptyTestId="leaderboard-payouts-empty"
      >
        {list.map((payout) => (
          <tr key={`${payout.leaderboardId}:${payout.periodKey}:${String(payout.place)}`}>
            <td>{titles.get(payout.leaderboardId) ?? payout.leaderboardId}</td>
            <td>{payout.periodKey}</td>
            <td>{payout.place}</td>
            <td>{payout.username}</td>
            <td>{payout.score}</td>
            <td>{payout.amount}</td>
            <td>{new Date(payout.createdAt).toLocaleString()}</td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}

/** Leaderboards of the brand with their prizes (admins create, edit, pause, end) and the prizes paid. */
export const LeaderboardsPage = () => {
  const canManage = useCan()('loyalty.manage');
  const boards = useLeaderboards();
  const status = useLeaderboardStatus();
  const [editing, setEditing] = useState<OperatorLeaderboard | 'new' | null>(null);
  const list = boards.data?.leaderboards ?? [];
  const currency = boards.data?.currency ?? '';
  const titles = new Map(list.map((board) => [board.id, board.title.en]));
  return (
    <section aria-labelledby="leaderboards-title">
      <h1 id="leaderboards-title">Leaderboards</h1>
      <ErrorMessage error={boards.error} testId="leaderboards-error" />
      <ErrorMessage error={status.error} testId="leaderboard-status-error" />
      {canManage && editing === null && (
        <button
          type="button"
          className="button button--primary"
          data-testid="leaderboard-new"
          onClick={() => {
            setEditing('new');
          }}
        >
          New leaderboard
        </button>
      )}
      {editing !== null && (
        <LeaderboardForm
          key={editing === 'new' ? 'new' : editing.id}
          board={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null);
          }}
        />
      )}
      <ListTable
        testId="leaderboards-table"
        columns={columns}
        isLoading={boards.isPending}
        isEmpty={boards.isSuccess && list.length === 0}
        emptyMessage="No leaderboards yet."
        emptyTestId="leaderboards-empty"
      >
        {list.map((board) => (
          <tr key={board.id} data-testid={`leaderboard-row-${board.id}`}>
            <td>{board.title.en}</td>
            <td>{board.metric}</td>
            <td>{board.period}</td>
            <td>{board.prizes.map((prize) => `${currency} ${prize}`).join(', ')}</td>
            <td>{board.prizeTurnoverMultiplier}</td>
            <td>{board.status}</td>
            <td className="row-actions">
              {canManage && board.status !== 'ended' && (
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    setEditing(board);
                  }}
                >
                  Edit
                </button>
              )}
              {canManage &&
                nextStatuses[board.status].map((next) => (
                  <button
                    key={next}
                    type="button"
                    className="button"
                    disabled={status.isPending}
                    data-testid={`leaderboard-${board.id}-${next}`}
                    onClick={() => {
                      status.mutate({ id: board.id, status: next });
                    }}
                  >
                    {next === 'live' ? 'Resume' : next === 'paused' ? 'Pause' : 'End'}
                  </button>
                ))}
            </td>
          </tr>
        ))}
      </ListTable>
      <Payouts titles={titles} />
    </section>
  );
};
