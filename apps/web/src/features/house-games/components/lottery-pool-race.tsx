import { raceBetTypes, type RaceBetType } from '@wps/contracts/lottery-rules';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import {
  poolPickCountsOf,
  readPoolSlip,
  readRaceSlip,
  type PoolSlip,
  type RaceSlip,
} from '../api/lottery-bet-lines';
import type { LotteryBet, LotteryDraw } from '../api/lottery-queries';
import type { LotterySlipContext } from './lottery-game-page';
import { SlipFooter, useSlipSubmit } from './lottery-slip-footer';

/**
 * The slips and results of the pool games (Keno, Pick 10, 11 of 5: pick numbers, one ticket) and the
 * Speed 10 race (cars at positions, or the first two in order).
 */

function Chip({
  label,
  isPicked,
  isDisabled = false,
  onToggle,
  testId,
}: {
  label: string;
  isPicked: boolean;
  isDisabled?: boolean;
  onToggle: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className="button button--ghost lottery-chip"
      aria-pressed={isPicked}
      disabled={isDisabled}
      data-testid={testId}
      onClick={onToggle}
    >
      {label}
    </button>
  );
}

const twoDigits = (value: number): string => String(value).padStart(2, '0');

export function LotteryPoolSlip({ game, openDraw }: LotterySlipContext) {
  const { t } = useTranslation();
  const titleId = useId();
  const counts = poolPickCountsOf(game);
  const maxPicks = counts.at(-1) ?? 0;
  const poolSize = game.poolSize ?? 80;
  const [slip, setSlip] = useState<PoolSlip>({ picks: [], unitStake: '1' });
  const reading = readPoolSlip(slip, counts);
  const paytable = game.betTypes.find((type) => type.code === `pick${String(slip.picks.length)}`)?.odds;
  const { submit, isPending, formError, placed, problemOf } = useSlipSubmit({
    gameCode: game.gameCode,
    drawId: openDraw?.publicId ?? null,
    reading,
    describe: () =>
      t('lottery.pool.describe', {
        picks: slip.picks.length,
        numbers: [...slip.picks]
          .sort((a, b) => a - b)
          .map(twoDigits)
          .join(', '),
      }),
    onPlaced: () => {
      setSlip((current) => ({ ...current, picks: [] }));
    },
  });
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };
  const toggle = (value: number) => {
    setSlip((current) => ({
      ...current,
      picks: current.picks.includes(value)
        ? current.picks.filter((item) => item !== value)
        : current.picks.length < maxPicks
          ? [...current.picks, value]
          : current.picks,
    }));
  };
  const numbersError = problemOf('numbers');
  return (
    <section className="lottery__panel lottery-slip" aria-labelledby={titleId}>
      <h2 id={titleId} className="lottery__panel-title">
        {t('lottery.slip.title')}
      </h2>
      <form noValidate onSubmit={onSubmit} data-testid="pool-slip">
        <p className="lottery-slip__hint">
          {t('lottery.pool.rules', {
            size: poolSize,
            drawn: game.balls ?? 0,
            counts: counts.join(', '),
          })}
        </p>
        <fieldset className="lottery-slip__picks">
          <legend>{t('lottery.pool.legend', { picked: slip.picks.length, max: maxPicks })}</legend>
          {Array.from({ length: poolSize }, (_, index) => index + 1).map((value) => (
            <Chip
              key={value}
              label={twoDigits(value)}
              isPicked={slip.picks.includes(value)}
              testId={`pool-pick-${String(value)}`}
              onToggle={() => {
                toggle(value);
              }}
            />
          ))}
        </fieldset>
        {numbersError !== null && (
          <p className="field__error" data-testid="pool-picks-error">
            {numbersError}
          </p>
        )}
        {paytable !== undefined && (
          <p className="lottery-slip__hint" data-testid="pool-paytable">
            {t('lottery.pool.paytable', {
              pays: Object.entries(paytable)
                .map(([hits, odds]) => t('lottery.pool.pay', { hits, odds }))
                .join(' · '),
            })}
          </p>
        )}
        <TextField
          label={t('lottery.pool.unit_stake')}
          value={slip.unitStake}
          inputMode="decimal"
          testId="pool-unit-stake"
          error={problemOf('stake')}
          onValueChange={(unitStake) => {
            setSlip((current) => ({ ...current, unitStake }));
          }}
        />
        <SlipFooter
          reading={reading}
          isOpen={openDraw !== null}
          isPending={isPending}
          formError={formError}
          placed={placed}
          testId="pool-slip"
        />
      </form>
    </section>
  );
}

const readNumbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : [];

function WonLine({ bets }: { bets: readonly LotteryBet[] }) {
  const { t } = useTranslation();
  if (bets.length === 0) return null;
  const won = bets.filter((bet) => bet.status === 'won').length;
  return <p className="muted">{t('lottery.speed.my_result', { won, total: bets.length })}</p>;
}

export function LotteryPoolResult({ draw, bets }: { draw: LotteryDraw; bets: readonly LotteryBet[] }) {
  const { t } = useTranslation();
  const mine = new Set(bets.flatMap((bet) => bet.numbers));
  return (
    <div className="lottery-speed" data-testid="pool-result">
      <ol className="lottery-speed__balls" aria-label={t('lottery.pool.drawn')}>
        {readNumbers(draw.result?.numbers).map((value) => (
          <li
            key={value}
            className="lottery-speed__ball"
            data-testid="pool-ball"
            data-mine={mine.has(twoDigits(value))}
          >
            {twoDigits(value)}
          </li>
        ))}
      </ol>
      <WonLine bets={bets} />
    </div>
  );
}

export function LotteryRaceSlip({ game, openDraw }: LotterySlipContext) {
  const { t } = useTranslation();
  const titleId = useId();
  const cars = game.balls ?? 10;
  const carNumbers = Array.from({ length: cars }, (_, index) => index + 1);
  const [slip, setSlip] = useState<RaceSlip>({ betType: 'position', picks: [], unitStake: '1' });
  const [lead, setLead] = useState(1);
  const reading = readRaceSlip(slip);
  const odds = game.betTypes.find((type) => type.code === slip.betType)?.odds['1'] ?? null;
  const { submit, isPending, formError, placed, problemOf } = useSlipSubmit({
    gameCode: game.gameCode,
    drawId: openDraw?.publicId ?? null,
    reading,
    describe: () => `${t(`lottery.race.types.${slip.betType}`)}: ${slip.picks.join(', ')}`,
    onPlaced: () => {
      setSlip((current) => ({ ...current, picks: [] }));
    },
  });
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };
  const toggle = (pick: string) => {
    setSlip((current) => ({
      ...current,
      picks: current.picks.includes(pick)
        ? current.picks.filter((item) => item !== pick)
        : [...current.picks, pick],
    }));
  };
  const pickOf = (car: number) =>
    slip.betType === 'position' ? `${String(lead)}:${String(car)}` : `${String(lead)}-${String(car)}`;
  const numbersError = problemOf('numbers');
  return (
    <section className="lottery__panel lottery-slip" aria-labelledby={titleId}>
      <h2 id={titleId} className="lottery__panel-title">
        {t('lottery.slip.title')}
      </h2>
      <form noValidate onSubmit={onSubmit} data-testid="race-slip">
        <SelectField
          label={t('lottery.slip.bet_type')}
          value={slip.betType}
          testId="race-bet-type"
          options={raceBetTypes.map((type) => ({ value: type, label: t(`lottery.race.types.${type}`) }))}
          onValueChange={(value) => {
            const chosen = raceBetTypes.find((type): type is RaceBetType => type === value);
            if (chosen !== undefined) setSlip((current) => ({ ...current, betType: chosen, picks: [] }));
          }}
        />
        {odds !== null && <p className="lottery-slip__hint">{t('lottery.speed.odds', { odds })}</p>}
        <SelectField
          label={slip.betType === 'position' ? t('lottery.race.position') : t('lottery.race.first')}
          value={String(lead)}
          testId="race-lead"
          options={carNumbers.map((value) => ({
            value: String(value),
            label:
              slip.betType === 'position'
                ? t('lottery.race.place', { position: value })
                : t('lottery.race.car', { car: value }),
          }))}
          onValueChange={(value) => {
            setLead(Number(value));
          }}
        />
        <fieldset className="lottery-slip__picks">
          <legend>
            {slip.betType === 'position'
              ? t('lottery.race.cars_at', { position: lead })
              : t('lottery.race.second_after', { car: lead })}
          </legend>
          {carNumbers.map((car) => (
            <Chip
              key={car}
              label={String(car)}
              isPicked={slip.picks.includes(pickOf(car))}
              isDisabled={slip.betType === 'first_two' && car === lead}
              testId={`race-pick-${String(car)}`}
              onToggle={() => {
                toggle(pickOf(car));
              }}
            />
          ))}
        </fieldset>
        {numbersError !== null && (
          <p className="field__error" data-testid="race-picks-error">
            {numbersError}
          </p>
        )}
        {slip.picks.length > 0 && (
          <p className="lottery-slip__hint" data-testid="race-picks">
            {t('lottery.speed.picked', { picks: slip.picks.join(', ') })}
          </p>
        )}
        <TextField
          label={t('lottery.speed.unit_stake')}
          value={slip.unitStake}
          inputMode="decimal"
          testId="race-unit-stake"
          error={problemOf('stake')}
          onValueChange={(unitStake) => {
            setSlip((current) => ({ ...current, unitStake }));
          }}
        />
        <SlipFooter
          reading={reading}
          isOpen={openDraw !== null}
          isPending={isPending}
          formError={formError}
          placed={placed}
          testId="race-slip"
        />
      </form>
    </section>
  );
}

export function LotteryRaceResult({ draw, bets }: { draw: LotteryDraw; bets: readonly LotteryBet[] }) {
  const { t } = useTranslation();
  return (
    <div className="lottery-speed" data-testid="race-result">
      <ol className="lottery-speed__balls" aria-label={t('lottery.race.order')}>
        {readNumbers(draw.result?.order).map((car, index) => (
          <li
            key={car}
            className="lottery-speed__ball"
            data-testid="race-car"
            title={t('lottery.race.place', { position: index + 1 })}
          >
            {car}
          </li>
        ))}
      </ol>
      <WonLine bets={bets} />
    </div>
  );
}
