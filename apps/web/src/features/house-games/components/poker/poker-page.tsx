import type { PvpActionKind, PvpGame, PvpTableView } from '@wps/contracts/pvp';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Money } from '../../../../components/money';
import { translateApiError } from '../../../../lib/translate-message';
import { useRequestId } from '../../../../lib/use-request-id';
import { useBalance } from '../../../wallet/api/get-balance';
import {
  type PvpRoom,
  useLeaveTable,
  usePokerAction,
  usePokerHandProof,
  usePokerRooms,
  usePokerTable,
  useSitDown,
  useSitOut,
} from '../../api/poker-queries';
import { playSound } from '../../sound/game-sound';
import { SoundToggle } from '../../sound/sound-toggle';
import { useSoundOnChange } from '../../sound/use-sound-on-change';
import { useServerNow } from '../tables/use-server-now';
import { PokerActions } from './poker-actions';
import { PokerFelt } from './poker-table';
import './poker.css';

/**
 * One game's rooms by stake level (`GLS2_roomList`, which lists every game's): blinds (a Niu-Niu room's base
 * stake), buy-in range, seats taken; joining opens the table.
 */
export function PokerLobby({ game = 'HOLDEM', onJoin }: { game?: PvpGame; onJoin: (room: PvpRoom) => void }) {
  const { t } = useTranslation();
  const rooms = usePokerRooms();
  if (rooms.isPending) return <p>{t('house_poker.loading')}</p>;
  if (rooms.isError) return <p role="alert">{translateApiError(t, rooms.error)}</p>;
  const listed = rooms.data.filter((room) => room.game === game);
  if (listed.length === 0) return <p>{t('house_poker.no_rooms')}</p>;
  const isNiuNiu = game === 'NIUNIU';
  return (
    <table className="poker-lobby" data-testid="poker-lobby">
      <thead>
        <tr>
          <th>{t('house_poker.room')}</th>
          <th>{isNiuNiu ? t('house_poker.niuniu.base_stake') : t('house_poker.blinds')}</th>
          <th>{t('house_poker.buy_in')}</th>
          <th>{t('house_poker.players')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {listed.map((room) => (
          <tr key={room.roomId} data-testid={`poker-room-${room.roomCode}`}>
            <td>
              {t(`house_poker.levels.${room.level}`)} · {t('house_poker.max_seats', { seats: room.seats })}
            </td>
            <td>{isNiuNiu ? room.bigBlind : `${room.smallBlind}/${room.bigBlind}`}</td>
            <td>
              {room.minBuyIn} – {room.maxBuyIn}
            </td>
            <td>
              {room.seated}/{room.seats}
            </td>
            <td>
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  onJoin(room);
                }}
                data-testid={`poker-join-${room.roomCode}`}
              >
                {t('house_poker.join')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The buy-in form of a member without a seat (the seat picked on the felt, or the first free one). */
export function BuyIn({
  view,
  seat,
  onDone,
}: {
  view: PvpTableView;
  seat: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { table } = view;
  const sitDown = useSitDown(table.tableId);
  const { requestIdFor, settle } = useRequestId();
  const [buyIn, setBuyIn] = useState(table.maxBuyIn);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const body = { buyIn: buyIn.trim(), ...(seat === null ? {} : { seat }) };
    sitDown.mutate(
      { ...body, requestId: requestIdFor({ ...body, tableId: table.tableId }) },
      {
        onSuccess: () => {
          settle();
          onDone();
        },
      },
    );
  };
  return (
    <form className="poker-buy-in" onSubmit={submit}>
      <label>
        {t('house_poker.buy_in_amount', { min: table.minBuyIn, max: table.maxBuyIn })}
        <input
          inputMode="decimal"
          value={buyIn}
          onChange={(event) => {
            setBuyIn(event.target.value);
          }}
          data-testid="poker-buy-in"
        />
      </label>
      <button
        type="submit"
        className="button button--primary"
        disabled={sitDown.isPending}
        data-testid="poker-sit"
      >
        {seat === null ? t('house_poker.sit_down') : t('house_poker.sit_at', { seat: seat + 1 })}
      </button>
      {sitDown.error && <p role="alert">{translateApiError(t, sitDown.error)}</p>}
    </form>
  );
}

/** A settled hand's commitment, and on request its proof: whether the revealed seed shuffles that deck. */
export function HandProof({ handId, commitment }: { handId: string; commitment: string }) {
  const { t } = useTranslation();
  const [isProofOpen, setProofOpen] = useState(false);
  const proof = usePokerHandProof(isProofOpen ? handId : null);
  return (
    <p className="poker-result__proof">
      {t('house_poker.commitment')}: <code>{commitment.slice(0, 16)}…</code>{' '}
      <button
        type="button"
        className="link-button"
        onClick={() => {
          setProofOpen(true);
        }}
        data-testid="poker-verify"
      >
        {t('house_poker.verify')}
      </button>
      {proof.data && (
        <span data-testid="poker-proof" data-matches={String(proof.data.commitmentMatches)}>
          {' '}
          {proof.data.commitmentMatches ? t('house_poker.proof_ok') : t('house_poker.proof_failed')}
        </span>
      )}
    </p>
  );
}

/** The last hand's outcome: who won what with which hand, the rake, and its proof once the seed is out. */
function HandResult({ view }: { view: PvpTableView }) {
  const { t } = useTranslation();
  const hand = view.table.hand;
  if (hand?.status !== 'SETTLED' || !hand.result) return null;
  const nameOf = (seat: number) =>
    view.table.players.find((player) => player.seat === seat)?.playerName ??
    t('house_poker.seat', { seat: seat + 1 });
  const shown = new Map(hand.result.shown.map((entry) => [entry.seat, entry.handName]));
  return (
    <section className="poker-result" aria-live="polite" data-testid="poker-result">
      {hand.result.pots.map((pot, index) => (
        <p key={index}>
          {pot.winners.map((winner) => (
            <span key={winner.seat} data-testid="poker-winner" data-seat={winner.seat}>
              {t('house_poker.wins', { player: nameOf(winner.seat), amount: winner.amount })}
              {shown.has(winner.seat) && ` (${shown.get(winner.seat) ?? ''})`}{' '}
            </span>
          ))}
        </p>
      ))}
      <p className="poker-result__rake">{t('house_poker.rake', { amount: hand.result.rake })}</p>
      <HandProof key={hand.handId} handId={hand.handId} commitment={hand.commitment} />
    </section>
  );
}

/** A seated member's buttons: sit out from the next hands (or come back), and leave with the stack. */
export function SeatControls({ tableId, isSittingOut }: { tableId: string; isSittingOut: boolean }) {
  const { t } = useTranslation();
  const leave = useLeaveTable(tableId);
  const sitOut = useSitOut(tableId);
  const error = leave.error ?? sitOut.error;
  return (
    <>
      <div className="poker-seat-controls">
        <button
          type="button"
          className="button"
          disabled={sitOut.isPending}
          onClick={() => {
            sitOut.mutate(!isSittingOut);
          }}
          data-testid="poker-sit-out"
        >
          {isSittingOut ? t('house_poker.back') : t('house_poker.sit_out')}
        </button>
        <button
          type="button"
          className="button"
          disabled={leave.isPending}
          onClick={() => {
            leave.mutate(undefined);
          }}
          data-testid="poker-leave"
        >
          {t('house_poker.leave')}
        </button>
      </div>
      {error && <p role="alert">{translateApiError(t, error)}</p>}
    </>
  );
}

function PokerTableScreen({ tableId, onLobby }: { tableId: string; onLobby: () => void }) {
  const { t } = useTranslation();
  const table = usePokerTable(tableId);
  const act = usePokerAction(tableId);
  const [chosenSeat, setChosenSeat] = useState<number | null>(null);
  const view = table.data?.view;
  const serverNow = useServerNow(table.data?.clockOffsetMs ?? 0, view?.table.hand?.status === 'PLAYING', 250);
  const shownHand = view?.table.hand ?? null;
  useSoundOnChange(shownHand ? `${shownHand.handId}:${shownHand.board.length}` : null, 'card');
  const mySeat = view?.you.seat ?? null;
  const hasWon =
    shownHand?.result?.pots.some((pot) => pot.winners.some((winner) => winner.seat === mySeat)) ?? false;
  useSoundOnChange(
    shownHand?.status === 'SETTLED' && mySeat !== null ? shownHand.handId : null,
    hasWon ? 'win' : null,
  );
  if (table.isError) return <p role="alert">{translateApiError(t, table.error)}</p>;
  if (!view) return <p>{t('house_poker.loading')}</p>;
  const { you } = view;
  const hand = view.table.hand;
  const isSeated = you.seat !== null;
  const onAct = (kind: PvpActionKind, amount?: string) => {
    if (!hand) return;
    playSound(kind === 'FOLD' ? 'card' : 'chip');
    act.mutate({ handId: hand.handId, actionId: crypto.randomUUID(), kind, ...(amount ? { amount } : {}) });
  };
  const error = act.error;
  return (
    <>
      <header className="poker-page__table-header">
        <h2>{view.table.name}</h2>
        <p>
          {t('house_poker.blinds')}: {view.table.smallBlind}/{view.table.bigBlind} · {view.table.currency}
        </p>
        <button type="button" className="button" onClick={onLobby} data-testid="poker-lobby-link">
          {t('house_poker.back_to_lobby')}
        </button>
      </header>
      <PokerFelt view={view} serverNow={serverNow} onTakeSeat={isSeated ? null : setChosenSeat} />
      {you.holeCards.length > 0 && (
        <p className="poker-my-cards" data-testid="poker-my-cards" data-cards={you.holeCards.join(' ')}>
          {t('house_poker.your_cards')}: {you.holeCards.join(' ')}
        </p>
      )}
      {you.options && hand && (
        <PokerActions
          key={`${hand.handId}:${hand.street}:${hand.currentBet}`}
          turn={`${hand.handId}:${hand.street}:${hand.currentBet}`}
          options={you.options}
          currentBet={hand.currentBet}
          bigBlind={view.table.bigBlind}
          isPending={act.isPending}
          onAct={onAct}
        />
      )}
      {!isSeated && (
        <BuyIn
          view={view}
          seat={chosenSeat}
          onDone={() => {
            setChosenSeat(null);
          }}
        />
      )}
      {isSeated && <SeatControls tableId={tableId} isSittingOut={you.isSittingOut} />}
      {error && <p role="alert">{translateApiError(t, error)}</p>}
      <HandResult view={view} />
    </>
  );
}

/**
 * The card rooms (PVP): the lobby of hold'em rooms by stake level, and a table where the member buys in from
 * their wallet, plays hands against the other players (the server deals, times and settles every move) and
 * leaves with their stack. `?table=<id>` opens a table.
 */
export function PokerPage() {
  const { t } = useTranslation();
  const balance = useBalance();
  const [searchParams, setSearchParams] = useSearchParams();
  const tableId = searchParams.get('table');
  return (
    <article className="page page--game poker-page" data-testid="poker-page">
      <header className="poker-page__header">
        <h1>{t('house_poker.title')}</h1>
        <SoundToggle />
        {balance.data && (
          <p>
            {t('house_poker.balance')}:{' '}
            <Money
              amount={balance.data.balance}
              symbol={balance.data.currencySymbol}
              testId="poker-balance"
            />
          </p>
        )}
      </header>
      {tableId === null ? (
        <PokerLobby
          onJoin={(room) => {
            setSearchParams({ table: room.roomId });
          }}
        />
      ) : (
        <PokerTableScreen
          key={tableId}
          tableId={tableId}
          onLobby={() => {
            setSearchParams({});
          }}
        />
      )}
    </article>
  );
}
