import type { PvpPlayer, PvpTableView } from '@wps/contracts/pvp';
import type { NiuNiuHand, NiuNiuShownHand } from '@wps/contracts/pvp-niu-niu';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PokerCard, seatPosition } from '../poker/poker-table';

const cardsPerHand = 5;

/** A shown hand's name: "Bull 7", "Bull-bull", "Bomb", … */
export const niuNiuHandName = (t: TFunction, shown: NiuNiuShownHand): string =>
  t(`house_poker.niuniu.categories.${shown.category}`, { points: shown.points });

/** What a seat chose this hand: its bid while the bank is grabbed, then the bank or its multiplier. */
const choiceOf = (t: TFunction, hand: NiuNiuHand, seat: number): string | null => {
  const entry = hand.seats.find((candidate) => candidate.seat === seat);
  if (!entry) return null;
  if (entry.isBanker)
    return t('house_poker.niuniu.banker_at', { multiplier: Math.max(hand.bankerBid ?? 0, 1) });
  if (hand.phase === 'BIDDING' || entry.multiplier === null) {
    if (entry.bid === null) return null;
    return entry.bid === 0
      ? t('house_poker.niuniu.no_grab')
      : t('house_poker.niuniu.grab', { multiplier: entry.bid });
  }
  return t('house_poker.niuniu.bet', { multiplier: entry.multiplier });
};

function NiuNiuSeat({
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
  const hand = table.niuNiu ?? null;
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
  const isBanker = hand?.bankerSeat === seat;
  const shown = hand?.result?.shown.find((entry) => entry.seat === seat) ?? null;
  const outcome = hand?.result?.outcomes.find((entry) => entry.seat === seat) ?? null;
  const own = isYou && you.holeCards.length > 0 ? you.holeCards : null;
  const faces = player.cards ?? own;
  const choice = hand ? choiceOf(t, hand, seat) : null;
  const leaving = hand?.seats.find((entry) => entry.seat === seat)?.isLeaving ?? false;
  const classes = [
    'poker-seat',
    'niu-niu-seat',
    isYou ? 'poker-seat--you' : '',
    isToAct ? 'poker-seat--to-act' : '',
    isBanker ? 'niu-niu-seat--banker' : '',
  ].join(' ');
  return (
    <div className={classes} style={style} data-testid={`poker-seat-${seat}`} data-player={player.playerName}>
      <div className="poker-seat__cards">
        {faces
          ? [
              ...faces.map((code) => <PokerCard key={code} code={code} />),
              ...Array.from({ length: cardsPerHand - faces.length }, (_, index) => (
                <PokerCard key={`back-${index}`} code={null} />
              )),
            ]
          : player.isInHand &&
            Array.from({ length: cardsPerHand }, (_, index) => <PokerCard key={index} code={null} />)}
      </div>
      <p className="poker-seat__name">
        {player.playerName}
        {isYou && ` (${t('house_poker.you')})`}
      </p>
      <p className="poker-seat__stack" data-testid={`poker-stack-${seat}`}>
        {player.stack}
      </p>
      {choice && (
        <p className="poker-seat__bet" data-testid={`niuniu-choice-${seat}`}>
          {choice}
        </p>
      )}
      {shown && (
        <p className="poker-seat__badge" data-testid={`niuniu-hand-${seat}`}>
          {niuNiuHandName(t, shown)} ·{' '}
          {t('house_poker.niuniu.hand_multiplier', { multiplier: shown.handMultiplier })}
        </p>
      )}
      {outcome && (
        <p className="poker-seat__badge" data-testid={`niuniu-net-${seat}`}>
          {outcome.net.startsWith('-') ? outcome.net : `+${outcome.net}`}
        </p>
      )}
      {player.status === 'SITTING_OUT' && <p className="poker-seat__badge">{t('house_poker.sitting_out')}</p>}
      {leaving && <p className="poker-seat__badge">{t('house_poker.niuniu.leaving')}</p>}
      {isToAct && remainingShare !== null && (
        <span className="poker-seat__timer" aria-hidden="true">
          <span style={{ width: `${Math.round(remainingShare * 100)}%` }} />
        </span>
      )}
    </div>
  );
}

/** The Niu-Niu felt: seats round the oval with their cards and choices, the phase and the clock in the middle. */
export function NiuNiuFelt({
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
  const hand = table.niuNiu ?? null;
  const deadline = hand?.deadline ? Date.parse(hand.deadline) : null;
  const remainingShare =
    deadline === null ? null : Math.max(0, Math.min(1, (deadline - serverNow) / (table.turnSeconds * 1000)));
  return (
    <section className="poker-felt niu-niu-felt" aria-label={table.name}>
      <div className="poker-felt__middle">
        <p className="poker-pot">
          {t('house_poker.niuniu.base_stake')}: {table.bigBlind}
        </p>
        {hand ? (
          <p
            className="poker-street"
            data-testid="niuniu-hand-status"
            data-status={hand.status}
            data-phase={hand.phase}
          >
            {t('house_poker.hand_number', { number: hand.number })} ·{' '}
            {t(`house_poker.niuniu.phases.${hand.phase}`)}
            {deadline !== null && (
              <>
                {' '}
                ·{' '}
                {t('house_poker.time_left', {
                  seconds: Math.max(0, Math.ceil((deadline - serverNow) / 1000)),
                })}
              </>
            )}
          </p>
        ) : (
          <p className="poker-street">{t('house_poker.waiting_players')}</p>
        )}
      </div>
      {Array.from({ length: table.seats }, (_, seat) => (
        <NiuNiuSeat
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
