import type { FightSideName } from '@wps/contracts/cockfight';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../../components/money';
import { useRequestId } from '../../../../lib/use-request-id';
import { translateApiError } from '../../../../lib/translate-message';
import { type Fight, usePlaceFightBet } from '../../api/cockfight-queries';
import { playSound } from '../../sound/game-sound';
import { ChipArt } from '../chip-art';

const chips = ['1', '5', '10', '50', '100'] as const;
const sides: readonly FightSideName[] = ['meron', 'draw', 'wala'];

/** Adds a chip to the stake typed so far (whole units, so no rounding), or starts from it. */
const addChip = (stake: string, chip: string): string => {
  const current = Number(stake);
  return Number.isFinite(current) && current > 0 ? (current + Number(chip)).toFixed(2) : `${chip}.00`;
};

/**
 * The stake (typed, or built from chips) and one button per side. The buttons work only while the fight takes
 * bets; the server decides by its own state and clock, and its refusal is shown as it comes.
 */
export function CockfightBetPanel({ fight, isOpen }: { fight: Fight; isOpen: boolean }) {
  const { t } = useTranslation();
  const place = usePlaceFightBet();
  const { requestIdFor, settle } = useRequestId();
  const [amount, setAmount] = useState('10.00');
  const bet = (side: FightSideName) => {
    const body = { fightId: fight.fightId, side, amount: amount.trim() };
    place.mutate({ ...body, requestId: requestIdFor(body) }, { onSuccess: settle });
  };
  return (
    <section className="cockfight-bets" aria-label={t('house_cockfight.place_bet')}>
      <div className="cockfight-bets__stake">
        <label>
          {t('house_cockfight.amount')}
          <input
            inputMode="decimal"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
            }}
            data-testid="cockfight-amount"
          />
        </label>
        <div className="cockfight-bets__chips" role="group" aria-label={t('house_cockfight.chips')}>
          {chips.map((chip) => (
            <button
              key={chip}
              type="button"
              className="cockfight-chip"
              onClick={() => {
                playSound('chip');
                setAmount((before) => addChip(before, chip));
              }}
              data-testid={`cockfight-chip-${chip}`}
            >
              <ChipArt label={chip} />
              <span className="visually-hidden">+{chip}</span>
            </button>
          ))}
          <button
            type="button"
            className="cockfight-chip cockfight-chip--clear"
            onClick={() => {
              setAmount('');
            }}
            data-testid="cockfight-chip-clear"
          >
            {t('house_cockfight.clear')}
          </button>
        </div>
      </div>
      <div className="cockfight-bets__sides">
        {sides.map((side) => (
          <button
            key={side}
            type="button"
            className={`button cockfight-side cockfight-side--${side}`}
            disabled={!isOpen || place.isPending || amount.trim() === ''}
            onClick={() => {
              bet(side);
            }}
            data-testid={`cockfight-bet-${side}`}
          >
            {t('house_cockfight.bet_on', { side: t(`house_cockfight.${side}`) })}
          </button>
        ))}
      </div>
      <p className="muted">
        {t('house_cockfight.limits_from')} <Money amount={fight.limits.minStake} symbol={fight.currency} />,{' '}
        {t('house_cockfight.limits_most')}{' '}
        <Money amount={fight.limits.maxPerPlayer} symbol={fight.currency} />
      </p>
      {place.data && place.data.fightId === fight.fightId && (
        <p className="cockfight-bets__placed" role="status" data-testid="cockfight-placed">
          {t('house_cockfight.placed', {
            amount: place.data.amount,
            side: t(`house_cockfight.${place.data.side}`),
          })}
        </p>
      )}
      {place.error && (
        <p role="alert" className="cockfight-error" data-testid="cockfight-error">
          {translateApiError(t, place.error)}
        </p>
      )}
    </section>
  );
}
