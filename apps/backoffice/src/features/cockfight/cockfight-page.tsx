import { type SyntheticEvent, useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../session/api';
import {
  type AdminFight,
  type FightMove,
  type ScheduleFightRequest,
  useFights,
  useMoveFight,
  useScheduleFight,
} from './api';
import './cockfight-page.css';

const activeColumns = [
  'Fight',
  'Meron',
  'Wala',
  'State',
  'Pools (meron / wala / draw)',
  'Payouts',
  'Bets',
  '',
];
const finishedColumns = [
  'Fight',
  'Meron',
  'Wala',
  'Result',
  'Pools (meron / wala / draw)',
  'Bets',
  'Settled',
];

const phaseLabels: Record<AdminFight['phase'], string> = {
  SCHEDULED: 'Scheduled',
  OPEN: 'Open for bets',
  LAST_CALL: 'Last call',
  CLOSED: 'Closed',
  SETTLED: 'Settled',
  CANCELLED: 'Cancelled',
};

type Draft = Record<
  'meronName' | 'meronWeight' | 'walaName' | 'walaWeight' | 'minStake' | 'maxPerPlayer' | 'maxPerFight',
  string
>;
const emptyDraft: Draft = {
  meronName: '',
  meronWeight: '',
  walaName: '',
  walaWeight: '',
  minStake: '',
  maxPerPlayer: '',
  maxPerFight: '',
};

const bodyOf = (draft: Draft): ScheduleFightRequest => {
  const weight = (value: string) => (value.trim() === '' ? null : Number(value));
  const amount = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const limits = {
    minStake: amount(draft.minStake),
    maxPerPlayer: amount(draft.maxPerPlayer),
    maxPerFight: amount(draft.maxPerFight),
  };
  return {
    meronName: draft.meronName.trim(),
    meronWeight: weight(draft.meronWeight),
    walaName: draft.walaName.trim(),
    walaWeight: weight(draft.walaWeight),
    ...Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined)),
  };
};

const fields: ReadonlyArray<[keyof Draft, string]> = [
  ['meronName', 'Meron entry'],
  ['meronWeight', 'Meron weight (g)'],
  ['walaName', 'Wala entry'],
  ['walaWeight', 'Wala weight (g)'],
  ['minStake', 'Least stake (empty: arena default)'],
  ['maxPerPlayer', 'Most per player'],
  ['maxPerFight', 'Most per fight'],
];

function ScheduleForm() {
  const [draft, setDraft] = useState(emptyDraft);
  const schedule = useScheduleFight();
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    schedule.mutate(bodyOf(draft), {
      onSuccess: () => {
        setDraft(emptyDraft);
      },
    });
  };
  return (
    <form className="inline-form cockfight-schedule" onSubmit={onSubmit} aria-label="Schedule a fight">
      {fields.map(([field, label]) => (
        <label key={field}>
          {label}
          <input
            value={draft[field]}
            inputMode={field.endsWith('Name') ? 'text' : 'decimal'}
            required={field.endsWith('Name')}
            data-testid={`fight-${field}`}
            onChange={(event) => {
              setDraft({ ...draft, [field]: event.target.value });
            }}
          />
        </label>
      ))}
      <button
        type="submit"
        className="button button--primary"
        disabled={schedule.isPending}
        data-testid="fight-schedule"
      >
        Schedule fight
      </button>
      <ErrorMessage error={schedule.error} testId="fight-schedule-error" />
    </form>
  );
}

/** The moves a fight allows in its state (the server checks the same, and refuses a move made meanwhile). */
const movesOf = (fight: AdminFight): ReadonlyArray<[string, FightMove, boolean?]> => {
  const { fightId } = fight;
  const cancel: [string, FightMove, boolean] = ['Cancel', { fightId, move: 'cancel' }, true];
  switch (fight.phase) {
    case 'SCHEDULED':
      return [['Open betting', { fightId, move: 'open' }], cancel];
    case 'OPEN':
      return [
        ['Last call', { fightId, move: 'last-call' }],
        ['Close betting', { fightId, move: 'close' }],
        cancel,
      ];
    case 'LAST_CALL':
      return [['Close betting', { fightId, move: 'close' }], cancel];
    case 'CLOSED':
      // A simulated fight's result is drawn from its committed seeds by the arena, never entered.
      if (fight.result !== null || fight.source === 'simulated') return fight.result === null ? [cancel] : [];
      return [
        ['Meron wins', { fightId, move: 'result', result: 'meron' }],
        ['Wala wins', { fightId, move: 'result', result: 'wala' }],
        ['Draw', { fightId, move: 'result', result: 'draw' }],
        cancel,
      ];
    default:
      return [];
  }
};

const Pools = ({ fight }: { fight: AdminFight }) => (
  <>
    {fight.pools.meron} / {fight.pools.wala} / {fight.pools.draw} {fight.currency}
  </>
);

const entry = (side: AdminFight['meron']) =>
  side.weight === null ? side.name : `${side.name} (${side.weight} g)`;

/**
 * The brand's cockfight arena: schedule fights, then move each one (open betting, last call, close, enter the
 * result or cancel) while its pools fill live. Staff with house_games.manage act; the others look. A move
 * another operator made first is refused with the fight's state.
 */
export const CockfightPage = () => {
  const canRun = useCan()('house_games.manage');
  const active = useFights('active');
  const finished = useFights('finished');
  const move = useMoveFight();
  const activeFights = active.data?.fights ?? [];
  const finishedFights = finished.data?.fights ?? [];
  const act = (label: string, fightMove: FightMove, needsConfirm = false) => {
    if (needsConfirm && !window.confirm(`${label} this fight? Every bet on it is returned.`)) return;
    move.mutate(fightMove);
  };
  return (
    <section aria-labelledby="cockfight-title">
      <header className="page-header">
        <h1 id="cockfight-title">Cockfight arena</h1>
      </header>
      {canRun ? <ScheduleForm /> : null}
      <ErrorMessage error={active.error} testId="fights-error" />
      <ErrorMessage error={move.error} testId="fight-move-error" />
      <h2>Fights under way</h2>
      <ListTable
        testId="fights-active"
        columns={activeColumns}
        isLoading={active.isPending}
        isEmpty={active.isSuccess && activeFights.length === 0}
        emptyMessage="No fight is scheduled. Schedule the next one above."
        emptyTestId="fights-active-empty"
      >
        {activeFights.map((fight) => (
          <tr key={fight.fightId} data-testid={`fight-${fight.number}`} data-phase={fight.phase}>
            <td>
              #{fight.number}
              {fight.source === 'simulated' ? ' (simulated)' : ''}
            </td>
            <td>{entry(fight.meron)}</td>
            <td>{entry(fight.wala)}</td>
            <td data-testid={`fight-${fight.number}-phase`}>
              {phaseLabels[fight.phase]}
              {fight.result === null ? '' : ` (result ${fight.result}: paying)`}
            </td>
            <td className="number">
              <Pools fight={fight} />
            </td>
            <td>
              {fight.payouts.meron ?? '—'} / {fight.payouts.wala ?? '—'}
            </td>
            <td className="number">{fight.betCount}</td>
            <td className="row-actions">
              {canRun &&
                movesOf(fight).map(([label, fightMove, needsConfirm]) => (
                  <button
                    key={label}
                    type="button"
                    className={`button${needsConfirm ? ' button--danger' : ''}`}
                    disabled={move.isPending}
                    onClick={() => {
                      act(label, fightMove, needsConfirm);
                    }}
                    data-testid={`fight-${fight.number}-${fightMove.move === 'result' ? fightMove.result : fightMove.move}`}
                  >
                    {label}
                  </button>
                ))}
            </td>
          </tr>
        ))}
      </ListTable>
      <h2>Finished fights</h2>
      <ListTable
        testId="fights-finished"
        columns={finishedColumns}
        isLoading={finished.isPending}
        isEmpty={finished.isSuccess && finishedFights.length === 0}
        emptyMessage="No fight has finished yet."
      >
        {finishedFights.map((fight) => (
          <tr key={fight.fightId} data-testid={`finished-${fight.number}`}>
            <td>#{fight.number}</td>
            <td>{entry(fight.meron)}</td>
            <td>{entry(fight.wala)}</td>
            <td data-testid={`finished-${fight.number}-result`}>{fight.result ?? '—'}</td>
            <td className="number">
              <Pools fight={fight} />
            </td>
            <td className="number">{fight.betCount}</td>
            <td>{formatDateTime(fight.settledAt)}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
};
