import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCombinedOdds } from '../../src/slip/odds-math';
import { formatOdds } from '../../src/pricing/odds-formats';
import { placeSlip, type PlaceSlipBody, type SessionView } from './api';
import { describeLegEvent, describeLegSelection } from './labels';
import {
  formatCents,
  maximumSystemReturn,
  parseStake,
  potentialReturn,
  systemOptionsFor,
  type SystemOption,
} from './slip-math';
import { useOddsFormat, useSlip, type SlipLeg } from './slip-state';

type Mode = 'single' | 'accumulator' | 'system';
type OddsAcceptance = PlaceSlipBody['acceptOdds'];
type Placing =
  | { type: 'idle' }
  | { type: 'waiting' }
  | { type: 'refused'; messages: string[]; isOddsChanged: boolean; placedCount: number }
  | { type: 'placed'; count: number };

/** One POST /api/slips, and which slip legs it carries (placed ones leave the slip). */
type Placement = { body: PlaceSlipBody; marketIds: string[] };

const legsOf = (legs: readonly SlipLeg[]): PlaceSlipBody['legs'] =>
  legs.map(({ marketId, selection, odds }) => ({ marketId, selection, odds }));

const LegRow = ({ leg, children }: { leg: SlipLeg; children?: ReactNode }) => {
  const { t } = useTranslation();
  const oddsFormat = useOddsFormat();
  const { dispatch } = useSlip();
  const selection = describeLegSelection(leg, t);
  return (
    <li className="slip-leg" data-testid={`slip-leg-${leg.marketId}-${leg.selection}`}>
      <div className="slip-leg__head">
        <span className="slip-leg__selection">{selection}</span>
        <span className="slip-leg__odds" data-testid={`slip-odds-${leg.marketId}`}>
          {formatOdds(leg.odds, oddsFormat)}
        </span>
        <button
          type="button"
          className="icon-button"
          aria-label={t('slip.remove', { selection })}
          onClick={() => {
            dispatch({ type: 'remove', marketId: leg.marketId });
          }}
        >
          ×
        </button>
      </div>
      <span className="slip-leg__market">{describeLegEvent(leg, t)}</span>
      {children}
    </li>
  );
};

const StakeInput = ({
  id,
  label,
  accessibleLabel,
  value,
  currency,
  onChange,
}: {
  id: string;
  label: string;
  /** Singles have a stake each: a screen reader hears which selection this one is for. */
  accessibleLabel?: string;
  value: string;
  currency: string;
  onChange: (value: string) => void;
}) => (
  <label className="stake" htmlFor={id}>
    <span className="stake__label">{label}</span>
    <span className="stake__field">
      <input
        id={id}
        data-testid={id}
        aria-label={accessibleLabel}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      <span className="stake__currency">{currency}</span>
    </span>
  </label>
);

const Figure = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <div className="figure">
    <dt>{label}</dt>
    <dd data-testid={testId}>{value}</dd>
  </div>
);

export const BetSlip = ({ session }: { session: SessionView }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { legs, dispatch } = useSlip();
  const [chosenMode, setChosenMode] = useState<Mode>('single');
  const [singleStakes, setSingleStakes] = useState<Record<string, string>>({});
  const [stake, setStake] = useState('');
  const [chosenSystem, setChosenSystem] = useState('');
  const [acceptOdds, setAcceptOdds] = useState<OddsAcceptance>('higher');
  const [placing, setPlacing] = useState<Placing>({ type: 'idle' });

  const odds = legs.map((leg) => leg.odds);
  const systemOptions = systemOptionsFor(legs.length);
  // A league winner is bet as a single only (its season's matches are correlated with it).
  const hasOutright = legs.some((leg) => leg.outright !== undefined);
  const isModeAvailable = {
    single: true,
    accumulator: legs.length >= 2 && !hasOutright,
    system: systemOptions.length > 0 && !hasOutright,
  };
  const mode = isModeAvailable[chosenMode] ? chosenMode : 'single';
  const system: SystemOption | undefined =
    systemOptions.find((option) => option.kind === chosenSystem) ?? systemOptions[0];
  const stakeCents = parseStake(stake);

  const placements = ((): Placement[] => {
    const base = { acceptOdds };
    if (mode === 'single') {
      return legs.flatMap((leg) => {
        const cents = parseStake(singleStakes[leg.marketId] ?? '');
        return cents === null
          ? []
          : [
              {
                body: { ...base, kind: 'single', legs: legsOf([leg]), stakePerLine: formatCents(cents) },
                marketIds: [leg.marketId],
              },
            ];
      });
    }
    const kind = mode === 'accumulator' ? 'accumulator' : system?.kind;
    if (stakeCents === null || kind === undefined) return [];
    return [
      {
        body: { ...base, kind, legs: legsOf(legs), stakePerLine: formatCents(stakeCents) },
        marketIds: legs.map((leg) => leg.marketId),
      },
    ];
  })();

  const place = async (): Promise<void> => {
    setPlacing({ type: 'waiting' });
    // In-play bets wait seconds for acceptance each: singles are sent together, not one after another.
    const answers = await Promise.all(
      placements.map((placement) =>
        placeSlip(placement.body).then(
          (answer) => ({ placement, answer }),
          (error: unknown) => ({
            placement,
            answer: {
              isAccepted: false as const,
              refusal: 'error',
              message: error instanceof Error ? error.message : String(error),
            },
          }),
        ),
      ),
    );
    const messages: string[] = [];
    let isOddsChanged = false;
    let placedCount = 0;
    for (const { placement, answer } of answers) {
      if (answer.isAccepted) {
        placedCount += 1;
        // '' when the wallet could not tell the balance just now: the session is read again below.
        if (answer.balance !== '') {
          queryClient.setQueryData<SessionView>(
            ['session'],
            (old) => old && { ...old, balance: answer.balance },
          );
        }
        for (const marketId of placement.marketIds) dispatch({ type: 'remove', marketId });
      } else {
        messages.push(answer.message);
        if ('current' in answer && answer.refusal === 'odds_changed' && answer.current) {
          isOddsChanged = true;
          dispatch({ type: 'reprice', current: answer.current });
        }
      }
    }
    void queryClient.invalidateQueries({ queryKey: ['session'] });
    void queryClient.invalidateQueries({ queryKey: ['bets'] });
    setPlacing(
      messages.length > 0
        ? { type: 'refused', messages, isOddsChanged, placedCount }
        : { type: 'placed', count: placedCount },
    );
  };

  const totalStakeCents =
    mode === 'single'
      ? placements.reduce((sum, placement) => sum + (parseStake(placement.body.stakePerLine) ?? 0n), 0n)
      : (stakeCents ?? 0n) * BigInt(mode === 'system' ? (system?.lines ?? 0) : 1);
  const isWaiting = placing.type === 'waiting';

  return (
    <div className="slip-body" data-testid="bet-slip">
      {legs.length === 0 ? (
        <p className="empty">{t('slip.empty')}</p>
      ) : (
        <>
          <div className="segmented" role="group" aria-label={t('slip.modes')}>
            {(['single', 'accumulator', 'system'] as const).map((option) => (
              <button
                key={option}
                type="button"
                data-testid={`slip-mode-${option}`}
                aria-pressed={mode === option}
                disabled={!isModeAvailable[option]}
                onClick={() => {
                  setChosenMode(option);
                  setPlacing({ type: 'idle' });
                }}
              >
                {t(`slip.${option}`)}
              </button>
            ))}
          </div>
          {hasOutright && legs.length >= 2 && (
            <p className="hint" data-testid="slip-outright-single">
              {t('slip.outright_single')}
            </p>
          )}
          <ul className="slip-legs">
            {legs.map((leg) => (
              <LegRow key={leg.marketId} leg={leg}>
                {mode === 'single' && (
                  <>
                    <StakeInput
                      id={`stake-${leg.marketId}`}
                      label={t('slip.stake')}
                      accessibleLabel={t('slip.stake_for', { selection: describeLegSelection(leg, t) })}
                      currency={session.currency}
                      value={singleStakes[leg.marketId] ?? ''}
                      onChange={(value) => {
                        setSingleStakes((stakes) => ({ ...stakes, [leg.marketId]: value }));
                      }}
                    />
                    <SingleReturn stake={singleStakes[leg.marketId] ?? ''} odds={leg.odds} />
                  </>
                )}
              </LegRow>
            ))}
          </ul>
          {mode === 'system' && system && (
            <label className="field">
              <span>{t('slip.system_type')}</span>
              <select
                data-testid="system-kind"
                value={system.kind}
                onChange={(event) => {
                  setChosenSystem(event.target.value);
                }}
              >
                {systemOptions.map((option) => (
                  <option key={option.kind} value={option.kind}>
                    {t('system.option', { name: t(`system.${option.kind}`), count: option.lines })}
                  </option>
                ))}
              </select>
            </label>
          )}
          {mode !== 'single' && (
            <StakeInput
              id="stake"
              label={t(mode === 'system' ? 'slip.stake_per_line' : 'slip.stake')}
              currency={session.currency}
              value={stake}
              onChange={setStake}
            />
          )}
          <dl className="figures">
            {mode === 'accumulator' && (
              <Figure
                label={t('slip.combined_odds')}
                value={formatCombinedOdds(odds)}
                testId="combined-odds"
              />
            )}
            {mode === 'system' && system && (
              <Figure label={t('slip.lines')} value={String(system.lines)} testId="system-lines" />
            )}
            <Figure label={t('slip.total_stake')} value={formatCents(totalStakeCents)} testId="total-stake" />
            {mode === 'accumulator' && (
              <Figure
                label={t('slip.potential_return')}
                value={formatCents(stakeCents === null ? 0n : potentialReturn(stakeCents, odds))}
                testId="potential-return"
              />
            )}
            {mode === 'single' && (
              <Figure
                label={t('slip.potential_return')}
                value={formatCents(
                  placements.reduce(
                    (sum, placement) =>
                      sum +
                      potentialReturn(
                        parseStake(placement.body.stakePerLine) ?? 0n,
                        placement.body.legs.map((leg) => leg.odds),
                      ),
                    0n,
                  ),
                )}
                testId="potential-return"
              />
            )}
            {mode === 'system' && system && (
              <Figure
                label={t('slip.max_return')}
                value={formatCents(
                  stakeCents === null ? 0n : maximumSystemReturn(stakeCents, system.slipKind, odds),
                )}
                testId="potential-return"
              />
            )}
          </dl>
          <p className="hint">{t('slip.min_stake', { amount: session.limits.minStakePerLine })}</p>
          <label className="field">
            <span>{t('slip.accept_odds')}</span>
            <select
              data-testid="accept-odds"
              value={acceptOdds}
              onChange={(event) => {
                const value = event.target.value;
                if (value === 'any' || value === 'higher' || value === 'none') setAcceptOdds(value);
              }}
            >
              <option value="any">{t('slip.accept_any')}</option>
              <option value="higher">{t('slip.accept_higher')}</option>
              <option value="none">{t('slip.accept_none')}</option>
            </select>
          </label>
        </>
      )}
      {placing.type === 'waiting' && (
        <p className="notice" role="status" data-testid="slip-waiting">
          <span className="spinner" aria-hidden="true" /> {t('slip.waiting')}
        </p>
      )}
      {placing.type === 'refused' && (
        <div className="notice notice--error" role="alert" data-testid="slip-message">
          {placing.messages.map((message, index) => (
            <p key={index}>{message}</p>
          ))}
          {placing.isOddsChanged && <p>{t('slip.odds_changed')}</p>}
          {placing.placedCount > 0 && <p>{t('slip.placed', { count: placing.placedCount })}</p>}
        </div>
      )}
      {placing.type === 'placed' && (
        <p className="notice notice--success" role="status" data-testid="slip-placed">
          {t('slip.placed', { count: placing.count })}
        </p>
      )}
      {legs.length > 0 && (
        <button
          type="button"
          className="primary"
          data-testid="place-bet"
          disabled={placements.length === 0 || isWaiting}
          onClick={() => {
            void place();
          }}
        >
          {t(placing.type === 'refused' && placing.isOddsChanged ? 'slip.place_again' : 'slip.place')}
        </button>
      )}
    </div>
  );
};

const SingleReturn = ({ stake, odds }: { stake: string; odds: number }) => {
  const { t } = useTranslation();
  const cents = parseStake(stake);
  return cents === null ? null : (
    <span className="slip-leg__return">
      {t('slip.potential_return')}: {formatCents(potentialReturn(cents, [odds]))}
    </span>
  );
};
