import type { PvpTableView } from '@wps/contracts/pvp';
import type { NiuNiuActionKind, NiuNiuOptions } from '@wps/contracts/pvp-niu-niu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Money } from '../../../../components/money';
import { translateApiError } from '../../../../lib/translate-message';
import { useBalance } from '../../../wallet/api/get-balance';
import { useNiuNiuAction, usePokerTable } from '../../api/poker-queries';
import { playSound } from '../../sound/game-sound';
import { SoundToggle } from '../../sound/sound-toggle';
import { useSoundOnChange } from '../../sound/use-sound-on-change';
import { BuyIn, HandProof, PokerLobby, SeatControls } from '../poker/poker-page';
import { useServerNow } from '../tables/use-server-now';
import { NiuNiuFelt, niuNiuHandName } from './niu-niu-table';
import './niu-niu.css';

/** The member's choice on their turn: a banker bid (no grab, 1× … 4×) or a bet multiplier (1× … 5×). */
function NiuNiuActions({
  turn,
  options,
  isPending,
  onChoose,
}: {
  /** Which turn this is (hand, phase, seat), for tests that wait for the next one. */
  turn: string;
  options: NiuNiuOptions;
  isPending: boolean;
  onChoose: (kind: NiuNiuActionKind, multiplier: number) => void;
}) {
  const { t } = useTranslation();
  const isBid = options.kind === 'BID';
  return (
    <div
      className="poker-actions"
      role="group"
      aria-label={isBid ? t('house_poker.niuniu.bid_turn') : t('house_poker.niuniu.bet_turn')}
      data-testid="niuniu-actions"
      data-turn={turn}
      data-kind={options.kind}
    >
      <span className="niu-niu-actions__prompt">
        {isBid ? t('house_poker.niuniu.bid_turn') : t('house_poker.niuniu.bet_turn')}
      </span>
      {options.choices.map((choice) => (
        <button
          key={choice}
          type="button"
          className={`button${choice === 0 ? '' : ' button--primary'}`}
          disabled={isPending}
          onClick={() => {
            onChoose(options.kind, choice);
          }}
          data-testid={`niuniu-${isBid ? 'bid' : 'bet'}-${choice}`}
        >
          {isBid
            ? choice === 0
              ? t('house_poker.niuniu.no_grab')
              : t('house_poker.niuniu.grab', { multiplier: choice })
            : t('house_poker.niuniu.bet', { multiplier: choice })}
        </button>
      ))}
    </div>
  );
}

/** The last hand's showdown: each player against the banker, the results after rake, and the deck's proof. */
function NiuNiuResult({ view }: { view: PvpTableView }) {
  const { t } = useTranslation();
  const hand = view.table.niuNiu;
  if (hand?.status !== 'SETTLED' || !hand.result) return null;
  const { result } = hand;
  const nameOf = (seat: number) =>
    view.table.players.find((player) => player.seat === seat)?.playerName ??
    t('house_poker.seat', { seat: seat + 1 });
  const shownOf = (seat: number) => result.shown.find((entry) => entry.seat === seat);
  return (
    <section className="poker-result" aria-live="polite" data-testid="niuniu-result">
      {result.pairings.map((pairing) => {
        const shown = shownOf(pairing.seat);
        return (
          <p
            key={pairing.seat}
            data-testid="niuniu-pairing"
            data-seat={pairing.seat}
            data-wins={pairing.playerWins}
          >
            {pairing.playerWins
              ? t('house_poker.niuniu.beats_banker', { player: nameOf(pairing.seat), amount: pairing.amount })
              : t('house_poker.niuniu.loses_to_banker', {
                  player: nameOf(pairing.seat),
                  amount: pairing.amount,
                })}
            {shown && ` (${niuNiuHandName(t, shown)})`}
          </p>
        );
      })}
      {result.isBankShort && <p>{t('house_poker.niuniu.bank_short')}</p>}
      <p>
        {result.outcomes
          .map((outcome) =>
            t('house_poker.niuniu.result_net', { player: nameOf(outcome.seat), amount: outcome.net }),
          )
          .join(' · ')}
      </p>
      <p className="poker-result__rake">{t('house_poker.rake', { amount: result.rake })}</p>
      <HandProof key={hand.handId} handId={hand.handId} commitment={hand.commitment} />
    </section>
  );
}

function NiuNiuTableScreen({ tableId, onLobby }: { tableId: string; onLobby: () => void }) {
  const { t } = useTranslation();
  const table = usePokerTable(tableId);
  const act = useNiuNiuAction(tableId);
  const [chosenSeat, setChosenSeat] = useState<number | null>(null);
  const view = table.data?.view;
  const hand = view?.table.niuNiu ?? null;
  const serverNow = useServerNow(table.data?.clockOffsetMs ?? 0, hand?.status === 'PLAYING', 250);
  const myNet = hand?.result?.outcomes.find((entry) => entry.seat === view?.you.seat)?.net ?? null;
  useSoundOnChange(
    hand && myNet !== null ? hand.handId : null,
    Number(myNet) > 0 ? 'win' : Number(myNet) < 0 ? 'lose' : null,
  );
  if (table.isError) return <p role="alert">{translateApiError(t, table.error)}</p>;
  if (!view) return <p>{t('house_poker.loading')}</p>;
  const { you } = view;
  const isSeated = you.seat !== null;
  const options = you.niuNiuOptions ?? null;
  const onChoose = (kind: NiuNiuActionKind, multiplier: number) => {
    if (!hand) return;
    playSound('chip');
    act.mutate({ handId: hand.handId, actionId: crypto.randomUUID(), kind, multiplier });
  };
  return (
    <>
      <header className="poker-page__table-header">
        <h2>{view.table.name}</h2>
        <p>
          {t('house_poker.niuniu.base_stake')}: {view.table.bigBlind} · {view.table.currency}
        </p>
        <button type="button" className="button" onClick={onLobby} data-testid="poker-lobby-link">
          {t('house_poker.back_to_lobby')}
        </button>
      </header>
      <NiuNiuFelt view={view} serverNow={serverNow} onTakeSeat={isSeated ? null : setChosenSeat} />
      {you.holeCards.length > 0 && (
        <p className="poker-my-cards" data-testid="niuniu-my-cards" data-cards={you.holeCards.join(' ')}>
          {t('house_poker.your_cards')}: {you.holeCards.join(' ')}
        </p>
      )}
      {options && hand && (
        <NiuNiuActions
          key={`${hand.handId}:${hand.phase}:${String(hand.toActSeat)}`}
          turn={`${hand.handId}:${hand.phase}:${String(hand.toActSeat)}`}
          options={options}
          isPending={act.isPending}
          onChoose={onChoose}
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
      {act.error && <p role="alert">{translateApiError(t, act.error)}</p>}
      <NiuNiuResult view={view} />
    </>
  );
}

/**
 * Niu-Niu at the card rooms (PVP): the lobby of Niu-Niu rooms by base stake, and a table where the member buys
 * in from their wallet, grabs the banker or bets against it in their turn (the server deals, times and
 * settles every move) and leaves with their stack. `?table=<id>` opens a table.
 */
export function NiuNiuPage() {
  const { t } = useTranslation();
  const balance = useBalance();
  const [searchParams, setSearchParams] = useSearchParams();
  const tableId = searchParams.get('table');
  return (
    <article className="page page--game poker-page niu-niu-page" data-testid="niuniu-page">
      <header className="poker-page__header">
        <h1>{t('house_poker.niuniu.title')}</h1>
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
      <p className="niu-niu-page__how-to">{t('house_poker.niuniu.how_to')}</p>
      {tableId === null ? (
        <PokerLobby
          game="NIUNIU"
          onJoin={(room) => {
            setSearchParams({ table: room.roomId });
          }}
        />
      ) : (
        <NiuNiuTableScreen
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
