import type { PvpPlayer, PvpTableView } from '@wps/contracts/pvp';
import { useTranslation } from 'react-i18next';
import { SuitArt, cardFace, useCardName } from '../card-art';
import { decimalsOf, toMinor } from './poker-amounts';

/** One card: its face (a code such as "TD"), or its back for a hidden card. */
export function PokerCard({ code }: { code: string | null }) {
  const cardName = useCardName();
  if (code === null) return <span className="poker-card poker-card--back" aria-hidden="true" />;
  const { rank, suit, isRed } = cardFace(code);
  return (
    <span
      className={`poker-card${isRed ? ' poker-card--red' : ''}`}
      role="img"
      aria-label={cardName(code)}
      data-testid="poker-card"
      data-card={code}
    >
      <span className="poker-card__rank">{rank}</span>
      <span className="poker-card__suit">
        <SuitArt suit={suit} />
      </span>
    </span>
  );
}

/** Where seat `seat` sits round the oval, the member's own seat (or seat 0) at the bottom. */
export const seatPosition = (seat: number, seats: number, bottomSeat: number) => {
  const angle = Math.PI / 2 + ((seat - bottomSeat) * 2 * Math.PI) / seats;
  return { left: `${50 + 44 * Math.cos(angle)}%`, top: `${50 + 40 * Math.sin(angle)}%` };
};

function Seat({
  seat,
  player,
  view,
  remainingShare,
  onTake,
}: {
  seat: number;
  player: PvpPlayer | undefined;
  view: PvpTableView;
  remainingShare: number | null;
  onTake: ((seat: number) => void) | null;
}) {
  const { t } = useTranslation();
  const { table, you } = view;
  const hand = table.hand;
  const isYou = you.seat === seat;
  const style = seatPosition(seat, table.seats, you.seat ?? 0);
  if (!player) {
    return (
      <div className="poker-seat poker-seat--empty" style={style} data-testid={`poker-seat-${seat}`}>
        {onTake ? (
          <button
            type="button"
            className="button poker-seat__take"
            onClick={() => {
              onTake(seat);
            }}
            data-testid={`poker-take-seat-${seat}`}
          >
            {t('house_poker.take_seat')}
          </button>
        ) : (
          <span className="poker-seat__empty">{t('house_poker.empty_seat')}</span>
        )}
      </div>
    );
  }
  const isToAct = hand?.status === 'PLAYING' && hand.toActSeat === seat;
  const cards = isYou && you.holeCards.length > 0 ? you.holeCards : player.cards;
  const classes = [
    'poker-seat',
    isYou ? 'poker-seat--you' : '',
    isToAct ? 'poker-seat--to-act' : '',
    player.hasFolded ? 'poker-seat--folded' : '',
  ].join(' ');
  return (
    <div className={classes} style={style} data-testid={`poker-seat-${seat}`} data-player={player.playerName}>
      <div className="poker-seat__cards">
        {cards
          ? cards.map((code) => <PokerCard key={code} code={code} />)
          : player.isInHand && (
              <>
                <PokerCard code={null} />
                <PokerCard code={null} />
              </>
            )}
      </div>
      <p className="poker-seat__name">
        {hand?.button === seat && (
          <span className="poker-seat__button" title={t('house_poker.dealer')}>
            D
          </span>
        )}
        {player.playerName}
        {isYou && ` (${t('house_poker.you')})`}
        {player.isBot && (
          <span className="poker-seat__bot" data-testid={`poker-bot-${seat}`}>
            {t('house_poker.bot')}
          </span>
        )}
      </p>
      <p className="poker-seat__stack" data-testid={`poker-stack-${seat}`}>
        {player.stack}
      </p>
      {player.status === 'SITTING_OUT' && <p className="poker-seat__badge">{t('house_poker.sitting_out')}</p>}
      {player.isAllIn && <p className="poker-seat__badge">{t('house_poker.all_in')}</p>}
      {player.hasFolded && <p className="poker-seat__badge">{t('house_poker.folded')}</p>}
      {toMinor(player.streetBet, decimalsOf(player.streetBet)) > 0n && (
        <p className="poker-seat__bet" data-testid={`poker-bet-${seat}`}>
          {player.streetBet}
        </p>
      )}
      {isToAct && remainingShare !== null && (
        <span className="poker-seat__timer" aria-hidden="true">
          <span style={{ width: `${Math.round(remainingShare * 100)}%` }} />
        </span>
      )}
    </div>
  );
}

/** The felt: seats round an oval, the board and the pot in the middle. */
export function PokerFelt({
  view,
  serverNow,
  onTakeSeat,
}: {
  view: PvpTableView;
  serverNow: number;
  onTakeSeat: ((seat: number) => void) | null;
}) {
  const { t } = useTranslation();
  const { table } = view;
  const hand = table.hand;
  const deadline = hand?.deadline ? Date.parse(hand.deadline) : null;
  const remainingShare =
    deadline === null ? null : Math.max(0, Math.min(1, (deadline - serverNow) / (table.turnSeconds * 1000)));
  return (
    <section className="poker-felt" aria-label={table.name}>
      <div className="poker-felt__middle">
        <div className="poker-board" data-testid="poker-board">
          {(hand?.board ?? []).map((code) => (
            <PokerCard key={code} code={code} />
          ))}
        </div>
        {hand && (
          <p className="poker-pot" data-testid="poker-pot">
            {t('house_poker.pot', { amount: hand.pot })}
          </p>
        )}
        {hand && (
          <p
            className="poker-street"
            data-testid="poker-hand-status"
            data-status={hand.status}
            data-street={hand.street}
          >
            {t('house_poker.hand_number', { number: hand.number })} ·{' '}
            {t(`house_poker.streets.${hand.street}`)}
            {remainingShare !== null && deadline !== null && (
              <>
                {' '}
                ·{' '}
                {t('house_poker.time_left', {
                  seconds: Math.max(0, Math.ceil((deadline - serverNow) / 1000)),
                })}
              </>
            )}
          </p>
        )}
        {!hand && <p className="poker-street">{t('house_poker.waiting_players')}</p>}
      </div>
      {Array.from({ length: table.seats }, (_, seat) => (
        <Seat
          key={seat}
          seat={seat}
          player={table.players.find((player) => player.seat === seat)}
          view={view}
          remainingShare={remainingShare}
          onTake={onTakeSeat}
        />
      ))}
    </section>
  );
}
