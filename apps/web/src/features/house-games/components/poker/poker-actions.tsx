import type { PvpActionKind, PvpTableView } from '@wps/contracts/pvp';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampMinor, decimalsOf, fromMinor, toMinor } from './poker-amounts';

type Options = NonNullable<PvpTableView['you']['options']>;

/**
 * The member's moves on their turn: fold, check or call, a bet or raise chosen with the slider (or typed),
 * all in. The server checks every move again; this only offers what the rules allow.
 */
export function PokerActions({
  turn,
  options,
  currentBet,
  bigBlind,
  isPending,
  onAct,
}: {
  /** Which turn this is (hand, street, bet to match), for tests that wait for the next one. */
  turn: string;
  options: Options;
  currentBet: string;
  bigBlind: string;
  isPending: boolean;
  onAct: (kind: PvpActionKind, amount?: string) => void;
}) {
  const { t } = useTranslation();
  const decimals = decimalsOf(bigBlind);
  const min = toMinor(options.minRaiseTo, decimals);
  const max = toMinor(options.maxRaiseTo, decimals);
  const [raiseTo, setRaiseTo] = useState(options.minRaiseTo);
  const chosen = clampMinor(toMinor(raiseTo || '0', decimals), min, max);
  const isBet = toMinor(currentBet, decimals) === 0n;
  const step = toMinor(bigBlind, decimals) > 0n ? Number(toMinor(bigBlind, decimals)) : 1;

  return (
    <div
      className="poker-actions"
      role="group"
      aria-label={t('house_poker.your_turn')}
      data-testid="poker-actions"
      data-turn={turn}
    >
      <button
        type="button"
        className="button"
        disabled={isPending}
        onClick={() => {
          onAct('FOLD');
        }}
        data-testid="poker-action-fold"
      >
        {t('house_poker.fold')}
      </button>
      {options.canCheck ? (
        <button
          type="button"
          className="button button--primary"
          disabled={isPending}
          onClick={() => {
            onAct('CHECK');
          }}
          data-testid="poker-action-check"
        >
          {t('house_poker.check')}
        </button>
      ) : (
        <button
          type="button"
          className="button button--primary"
          disabled={isPending}
          onClick={() => {
            onAct('CALL');
          }}
          data-testid="poker-action-call"
        >
          {t('house_poker.call', { amount: options.callAmount })}
        </button>
      )}
      {options.canRaise && (
        <div className="poker-actions__raise">
          <input
            type="range"
            min={Number(min)}
            max={Number(max)}
            step={step}
            value={Number(chosen)}
            aria-label={t('house_poker.raise_amount')}
            onChange={(event) => {
              setRaiseTo(fromMinor(BigInt(event.target.value), decimals));
            }}
            data-testid="poker-raise-slider"
          />
          <input
            inputMode="decimal"
            className="poker-actions__amount"
            value={raiseTo}
            aria-label={t('house_poker.raise_amount')}
            onChange={(event) => {
              setRaiseTo(event.target.value);
            }}
            data-testid="poker-raise-amount"
          />
          <button
            type="button"
            className="button"
            disabled={isPending}
            onClick={() => {
              onAct('RAISE', fromMinor(chosen, decimals));
            }}
            data-testid="poker-action-raise"
          >
            {isBet
              ? t('house_poker.bet', { amount: fromMinor(chosen, decimals) })
              : t('house_poker.raise_to', { amount: fromMinor(chosen, decimals) })}
          </button>
        </div>
      )}
      {options.canRaise && (
        <button
          type="button"
          className="button poker-actions__all-in"
          disabled={isPending}
          onClick={() => {
            onAct('ALL_IN');
          }}
          data-testid="poker-action-all-in"
        >
          {t('house_poker.all_in')}
        </button>
      )}
    </div>
  );
}
