import {
  leaderboardMetrics,
  leaderboardPeriods,
  type LeaderboardStatus,
} from '@wps/contracts/loyalty-missions';
import { EditorSelect } from '../../components/editor-choice';
import { EditorForm, useDraft } from '../../components/editor-form';
import { EditorNewButton, EditorPanel, useEditing } from '../../components/editor-panel';
import { EditorLifecycleActions } from '../../components/editor-row-actions';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { TextField } from '../../components/shared-field';
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
  const { draft, set } = useDraft(() => draftOf(board));
  const save = useSaveLeaderboard();
  const input = (field: keyof Draft, label: string) => (
    <TextField
      label={label}
      value={draft[field]}
      testId={`leaderboard-${field}`}
      onChange={(value) => {
        set({ [field]: value });
      }}
    />
  );
  const select = (field: 'metric' | 'period', label: string, options: readonly string[]) => (
    <EditorSelect
      label={label}
      value={draft[field]}
      options={options}
      disabled={board !== null}
      testId={`leaderboard-${field}`}
      onChange={(value) => {
        set({ [field]: value });
      }}
    />
  );
  return (
    <EditorForm
      heading={board ? `Edit ${board.title.en}` : 'New leaderboard (live at once)'}
      label="Leaderboard"
      testId="leaderboard"
      saving={save}
      onSubmit={() => {
        save.mutate({ id: board?.id ?? null, body: bodyOf(draft) }, { onSuccess: onDone });
      }}
      onCancel={onDone}
    >
      {input('titleEn', 'Title (English)')}
      {input('titleUr', 'Title (Urdu)')}
      {select('metric', 'Ranks by', leaderboardMetrics)}
      {select('period', 'Period', leaderboardPeriods)}
      {input('prizes', 'Prizes, place 1 first (100, 50, 20)')}
      {input('turnover', 'Prize turnover multiplier')}
    </EditorForm>
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
  const editing = useEditing<OperatorLeaderboard>();
  const list = boards.data?.leaderboards ?? [];
  const currency = boards.data?.currency ?? '';
  const titles = new Map(list.map((board) => [board.id, board.title.en]));
  return (
    <section aria-labelledby="leaderboards-title">
      <h1 id="leaderboards-title">Leaderboards</h1>
      <ErrorMessage error={boards.error} testId="leaderboards-error" />
      <ErrorMessage error={status.error} testId="leaderboard-status-error" />
      {canManage && editing.current === null && (
        <EditorNewButton testId="leaderboard-new" onClick={editing.startNew}>
          New leaderboard
        </EditorNewButton>
      )}
      <EditorPanel editing={editing} keyOf={(board) => board.id}>
        {(board, onDone) => <LeaderboardForm board={board} onDone={onDone} />}
      </EditorPanel>
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
            <EditorLifecycleActions
              canEdit={canManage}
              moves={nextStatuses[board.status]}
              labelOf={(next) => (next === 'live' ? 'Resume' : next === 'paused' ? 'Pause' : 'End')}
              testId={`leaderboard-${board.id}`}
              isPending={status.isPending}
              onEdit={() => {
                editing.edit(board);
              }}
              onMove={(next) => {
                status.mutate({ id: board.id, status: next });
              }}
            />
          </tr>
        ))}
      </ListTable>
      <Payouts titles={titles} />
    </section>
  );
};
