import { vnStationsByWeekday } from '@wps/contracts/vn-lottery-rules';
import { type SyntheticEvent, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../session/api';
import {
  type AdminDraw,
  type AdminLotteryGame,
  type DrawFilter,
  useEnterResult,
  useLotteryDraws,
  useLotteryGames,
  useNumberLimits,
  usePutNumberLimit,
  useSaveLotterySettings,
} from './api';
import { resultHint, resultOf, resultSummary } from './lottery-result';
import './games.css';

const columns = ['Draw', 'Draw time', 'Stations', 'Status', 'Result', 'Bets', 'Stake', 'Payout', ''];

/** The stations a VN game's draws may name: its region's calendar, and any its draws list. */
const stationsOf = (game: AdminLotteryGame, draws: readonly AdminDraw[]): string[] => {
  if (game.kind !== 'vn' || game.region === null) return [];
  const codes = vnStationsByWeekday[game.region].flat().map((station) => station.code);
  return [...new Set([...codes, ...draws.flatMap((draw) => draw.stations.map((station) => station.code))])];
};

/** The official result of a closed draw, typed by the operator; the draw settles as soon as it is taken. */
function ResultForm({ game, draw, onDone }: { game: AdminLotteryGame; draw: AdminDraw; onDone: () => void }) {
  const [main, setMain] = useState('');
  const [stations, setStations] = useState<Record<string, string>>(() =>
    Object.fromEntries(draw.stations.map((station) => [station.code, ''])),
  );
  const enter = useEnterResult();
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    enter.mutate(
      { drawId: draw.publicId, result: resultOf(game, { main, stations }) },
      { onSuccess: onDone },
    );
  };
  return (
    <form className="games-form" onSubmit={onSubmit} aria-label={`Result of ${draw.publicId}`}>
      <p className="muted">
        {resultHint(game)}. Separate the numbers with spaces or commas. The draw&apos;s bets are settled as
        soon as the result is taken; it cannot be changed afterwards.
      </p>
      {game.kind === 'vn' ? (
        draw.stations.map((station) => (
          <label key={station.code}>
            {station.name} ({station.code})
            <textarea
              rows={3}
              required
              value={stations[station.code] ?? ''}
              data-testid={`result-station-${station.code}`}
              onChange={(event) => {
                setStations({ ...stations, [station.code]: event.target.value });
              }}
            />
          </label>
        ))
      ) : (
        <label>
          Result
          <textarea
            rows={2}
            required
            value={main}
            data-testid="result-main"
            onChange={(event) => {
              setMain(event.target.value);
            }}
          />
        </label>
      )}
      <ErrorMessage error={enter.error} testId="result-error" />
      <div className="actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={enter.isPending}
          data-testid="result-save"
        >
          Enter result and settle
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** How the game's results are drawn (fairly by the platform, or entered here) and its default number cap. */
function SettingsForm({
  game,
  currency,
  canManage,
}: {
  game: AdminLotteryGame;
  currency: string;
  canManage: boolean;
}) {
  const [resultSource, setResultSource] = useState(game.resultSource);
  const [cap, setCap] = useState(game.defaultNumberCap ?? '');
  const save = useSaveLotterySettings();
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate({
      gameCode: game.gameCode,
      body: { resultSource, defaultNumberCap: cap.trim() === '' ? null : cap.trim() },
    });
  };
  return (
    <form className="inline-form" onSubmit={onSubmit} aria-label={`Settings of ${game.name}`}>
      <label>
        Results
        <select
          value={resultSource}
          disabled={!canManage}
          data-testid="lottery-resultSource"
          onChange={(event) => {
            setResultSource(event.target.value === 'operator' ? 'operator' : 'fair');
          }}
        >
          <option value="fair">Drawn fairly by the platform</option>
          <option value="operator">Entered by an operator (official results)</option>
        </select>
      </label>
      <label>
        Default cap a number ({currency}, potential payout a draw; empty: none)
        <input
          inputMode="decimal"
          value={cap}
          disabled={!canManage}
          data-testid="lottery-defaultNumberCap"
          onChange={(event) => {
            setCap(event.target.value);
          }}
        />
      </label>
      {canManage ? (
        <button
          type="submit"
          className="button button--primary"
          disabled={save.isPending}
          data-testid="lottery-settings-save"
        >
          Save settings
        </button>
      ) : null}
      {save.isSuccess ? <span className="success">Saved.</span> : null}
      <ErrorMessage error={save.error} testId="lottery-settings-error" />
    </form>
  );
}

/** Numbers with their own cap on potential payout per draw (per station for VN), or blocked outright. */
function NumberLimits({
  game,
  currency,
  canManage,
}: {
  game: AdminLotteryGame;
  currency: string;
  canManage: boolean;
}) {
  const limits = useNumberLimits(game.gameCode);
  const put = usePutNumberLimit();
  const [draft, setDraft] = useState({ number: '', cap: '', blocked: false });
  const numbers = limits.data?.numbers ?? [];
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    put.mutate(
      {
        gameCode: game.gameCode,
        number: draft.number.trim().toUpperCase(),
        cap: draft.cap.trim() === '' ? null : draft.cap.trim(),
        blocked: draft.blocked,
      },
      {
        onSuccess: () => {
          setDraft({ number: '', cap: '', blocked: false });
        },
      },
    );
  };
  return (
    <>
      <h2 className="games-subtitle">Caps and blocked numbers</h2>
      {canManage ? (
        <form className="inline-form" onSubmit={onSubmit} aria-label="Set a number's cap or block">
          <label>
            Number
            <input
              value={draft.number}
              required
              pattern="[A-Za-z0-9:]{1,8}"
              placeholder={game.kind === 'speed' ? 'BIG, 1:5, 123' : '23, 123, 1234'}
              data-testid="limit-number"
              onChange={(event) => {
                setDraft({ ...draft, number: event.target.value });
              }}
            />
          </label>
          <label>
            Cap ({currency}; empty: the default)
            <input
              inputMode="decimal"
              value={draft.cap}
              data-testid="limit-cap"
              onChange={(event) => {
                setDraft({ ...draft, cap: event.target.value });
              }}
            />
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={draft.blocked}
              data-testid="limit-blocked"
              onChange={(event) => {
                setDraft({ ...draft, blocked: event.target.checked });
              }}
            />
            Blocked (no bet takes it)
          </label>
          <button
            type="submit"
            className="button button--primary"
            disabled={put.isPending}
            data-testid="limit-save"
          >
            Set
          </button>
          <ErrorMessage error={put.error} testId="limit-error" />
        </form>
      ) : null}
      <ErrorMessage error={limits.error} />
      <ListTable
        testId="lottery-limits"
        columns={['Number', 'Cap', 'Blocked', '']}
        isLoading={limits.isPending}
        isEmpty={limits.isSuccess && numbers.length === 0}
        emptyMessage="No number has its own cap or block: every number takes the default cap."
      >
        {numbers.map((limit) => (
          <tr key={limit.number} data-testid={`limit-${limit.number}`}>
            <td>{limit.number}</td>
            <td className="number">{limit.cap ?? <span className="muted">default</span>}</td>
            <td>{limit.blocked ? <span className="badge badge--rejected">Blocked</span> : 'No'}</td>
            <td className="row-actions">
              {canManage && (limit.blocked || limit.cap !== null) ? (
                <button
                  type="button"
                  className="button"
                  disabled={put.isPending}
                  onClick={() => {
                    put.mutate({ gameCode: game.gameCode, number: limit.number, cap: null, blocked: false });
                  }}
                  data-testid={`limit-${limit.number}-clear`}
                >
                  Back to default
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}

/**
 * The house lottery per game: its upcoming and past draws (by station for the Vietnamese games), results
 * entered for the games whose results are official ones (the draw settles through the lottery's own
 * settlement), and the caps and blocked numbers that limit what the house risks. Staff with
 * house_games.manage act; the others look.
 */
export const LotteryPage = () => {
  const canManage = useCan()('house_games.manage');
  const games = useLotteryGames();
  const [filter, setFilter] = useState<DrawFilter>({ gameCode: '', view: 'upcoming', station: '' });
  const [page, setPage] = useState(1);
  const [entering, setEntering] = useState<AdminDraw | null>(null);
  const gameList = games.data?.games ?? [];
  const currency = games.data?.currency ?? '';
  const game = gameList.find((entry) => entry.gameCode === filter.gameCode) ?? gameList[0];
  const shown = { ...filter, gameCode: game?.gameCode ?? '' };
  const draws = useLotteryDraws(shown, page);
  const drawList = draws.data?.draws ?? [];
  const change = (patch: Partial<DrawFilter>) => {
    setFilter({ ...shown, ...patch });
    setPage(1);
  };
  const stations = game ? stationsOf(game, drawList) : [];
  return (
    <section aria-labelledby="lottery-title">
      <header className="page-header">
        <h1 id="lottery-title">Lottery draws</h1>
      </header>
      <ErrorMessage error={games.error} testId="lottery-games-error" />
      <div className="inline-form">
        <label>
          Game
          <select
            value={shown.gameCode}
            data-testid="lottery-game"
            onChange={(event) => {
              change({ gameCode: event.target.value, station: '' });
            }}
          >
            {gameList.map((entry) => (
              <option key={entry.gameCode} value={entry.gameCode}>
                {entry.name} ({entry.gameCode})
              </option>
            ))}
          </select>
        </label>
        <div className="segmented" role="group" aria-label="Draws">
          {(['upcoming', 'past'] as const).map((view) => (
            <button
              key={view}
              type="button"
              className="button"
              aria-pressed={shown.view === view}
              onClick={() => {
                change({ view });
              }}
              data-testid={`lottery-view-${view}`}
            >
              {view === 'upcoming' ? 'Upcoming' : 'Past'}
            </button>
          ))}
        </div>
        {stations.length > 0 ? (
          <label>
            Station
            <select
              value={shown.station}
              data-testid="lottery-station"
              onChange={(event) => {
                change({ station: event.target.value });
              }}
            >
              <option value="">Every station</option>
              {stations.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {game ? (
        <SettingsForm key={game.gameCode} game={game} currency={currency} canManage={canManage} />
      ) : null}
      <ErrorMessage error={draws.error} testId="lottery-draws-error" />
      <ListTable
        testId="lottery-draws"
        columns={columns}
        isLoading={draws.isPending && shown.gameCode !== ''}
        isEmpty={draws.isSuccess && drawList.length === 0}
        emptyMessage={shown.view === 'upcoming' ? 'No draw is scheduled.' : 'No draw has been drawn yet.'}
        emptyTestId="lottery-draws-empty"
        paging={{
          pageNo: page,
          totalPages: draws.data?.totalPages ?? 1,
          onChange: setPage,
          testId: 'lottery-pager',
        }}
      >
        {drawList.map((draw) => (
          <tr key={draw.publicId} data-testid={`draw-${draw.publicId}`}>
            <td>
              {draw.publicId}
              {draw.resultSource === 'operator' ? <span className="muted"> (official result)</span> : null}
            </td>
            <td>
              {formatDateTime(draw.drawAt)}
              <br />
              <span className="muted">closes {formatDateTime(draw.closesAt)}</span>
            </td>
            <td>{draw.stations.map((station) => station.name).join(', ') || '—'}</td>
            <td data-testid={`draw-${draw.publicId}-status`}>{draw.status}</td>
            <td data-testid={`draw-${draw.publicId}-result`}>{resultSummary(draw)}</td>
            <td className="number">{draw.betCount}</td>
            <td className="number">{draw.totalStake}</td>
            <td className="number">{draw.totalPayout}</td>
            <td className="row-actions">
              {canManage && draw.resultSource === 'operator' && draw.status === 'closed' ? (
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => {
                    setEntering(draw);
                  }}
                  data-testid={`draw-${draw.publicId}-enter`}
                >
                  Enter result
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </ListTable>
      {game ? (
        <NumberLimits key={game.gameCode} game={game} currency={currency} canManage={canManage} />
      ) : null}
      {entering && game ? (
        <Dialog
          title={`Result of ${entering.publicId}`}
          onClose={() => {
            setEntering(null);
          }}
          testId="result-dialog"
        >
          <ResultForm
            game={game}
            draw={entering}
            onDone={() => {
              setEntering(null);
            }}
          />
        </Dialog>
      ) : null}
    </section>
  );
};
