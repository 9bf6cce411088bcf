import { vnLotIndexes, vnNumberSets, type VnBetType, type VnRegion } from '@wps/contracts/vn-lottery-rules';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/form-field';
import { readVnNumbers, readVnSlip, vnBetTypesOf, vnOddsOf, type VnSlip } from '../api/lottery-bet-lines';
import type { LotterySlipContext } from './lottery-game-page';
import { betTypeLabel } from './lottery-labels';
import { SlipFooter, useSlipSubmit } from './lottery-slip-footer';

const quickSets = ['tai', 'xiu', 'chan', 'le', 'chan_chan', 'le_le', 'chan_le', 'le_chan'] as const;

/** Lots one number of the type covers at one station (e.g. bao lô, 2 digits, South: 18). */
const lotsPerNumber = (type: VnBetType, region: VnRegion, numbersText: string): number => {
  const numbers = readVnNumbers(numbersText);
  const digits = numbers?.[0]?.length ?? 2;
  return vnLotIndexes(type, region, digits).length;
};

/**
 * The Vietnamese bet slip: stations of today's draw (South and Central), the bet type the server offers,
 * numbers typed or picked as a set, the unit stake per lot, and the total computed with the shared rules
 * as the server computes it (stations × numbers × lots × unit).
 */
export function LotteryVnSlip({ game, openDraw }: LotterySlipContext) {
  const { t } = useTranslation();
  const titleId = useId();
  const numbersId = useId();
  const region: VnRegion = game.region ?? 'south';
  const isNorth = region === 'north';
  const betTypes = vnBetTypesOf(game);
  const drawStations = (openDraw ?? game.currentDraw)?.stations ?? [];
  const [betType, setBetType] = useState<VnBetType>(betTypes[0] ?? 'bao_lo');
  const [numbersText, setNumbersText] = useState('');
  const [chosenStations, setChosenStations] = useState<readonly string[] | null>(null);
  const [unitStake, setUnitStake] = useState('1');
  // Until the player chooses, the first station of the draw is chosen; stations of another day drop out.
  const stations = (chosenStations ?? drawStations.slice(0, 1).map((station) => station.code)).filter(
    (code) => drawStations.some((station) => station.code === code),
  );
  const slip: VnSlip = { betType, numbersText, stations, unitStake };
  const reading = readVnSlip(region, slip);
  const odds = vnOddsOf(region, slip);
  const parsed = readVnNumbers(numbersText);
  const takesTwoDigits =
    betTypes.length > 0 && (game.betTypes.find((type) => type.code === betType)?.digits ?? [2]).includes(2);

  const { submit, isPending, formError, placed, problemOf } = useSlipSubmit({
    gameCode: game.gameCode,
    drawId: openDraw?.publicId ?? null,
    reading,
    describe: () =>
      t('lottery.vn.describe', {
        type: betTypeLabel(t, betType),
        numbers: reading.numberCount,
        stations: isNorth ? drawStations.map((station) => station.name).join(', ') : stations.join(', '),
      }),
    onPlaced: () => {
      setNumbersText('');
    },
  });

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  const toggleStation = (code: string, isChosen: boolean) => {
    setChosenStations(isChosen ? [...stations, code] : stations.filter((station) => station !== code));
  };

  const stationsError = problemOf('stations');
  const numbersError = problemOf('numbers');
  return (
    <section className="lottery__panel lottery-slip" aria-labelledby={titleId}>
      <h2 id={titleId} className="lottery__panel-title">
        {t('lottery.slip.title')}
      </h2>
      <form noValidate onSubmit={onSubmit} data-testid="vn-slip">
        {!isNorth && (
          <fieldset
            className="lottery-slip__stations"
            aria-describedby={stationsError ? `${titleId}-stations` : undefined}
          >
            <legend>{t('lottery.vn.stations')}</legend>
            {drawStations.map((station) => (
              <label key={station.code} className="lottery-chip">
                <input
                  type="checkbox"
                  checked={stations.includes(station.code)}
                  data-testid={`vn-station-${station.code}`}
                  onChange={(event) => {
                    toggleStation(station.code, event.target.checked);
                  }}
                />
                <span>{station.name}</span>
              </label>
            ))}
            {stationsError !== null && (
              <span id={`${titleId}-stations`} className="field__error" data-testid="vn-stations-error">
                {stationsError}
              </span>
            )}
          </fieldset>
        )}
        <SelectField
          label={t('lottery.slip.bet_type')}
          value={betType}
          testId="vn-bet-type"
          options={betTypes.map((type) => ({ value: type, label: betTypeLabel(t, type) }))}
          onValueChange={(value) => {
            const chosen = betTypes.find((type) => type === value);
            if (chosen !== undefined) setBetType(chosen);
          }}
        />
        <p className="lottery-slip__hint" data-testid="vn-bet-type-hint">
          {t('lottery.vn.type_hint', {
            lots: lotsPerNumber(betType, region, numbersText),
            odds: odds === null ? '—' : `1 : ${String(odds)}`,
          })}
        </p>
        <div className="field">
          <div className="field__label-row">
            <label htmlFor={numbersId} className="field__label">
              {t('lottery.slip.numbers')}
            </label>
            {numbersError !== null && (
              <span id={`${numbersId}-error`} className="field__error" data-testid="vn-numbers-error">
                {numbersError}
              </span>
            )}
          </div>
          <div className="field__control">
            <textarea
              id={numbersId}
              className="field__input lottery-slip__numbers"
              rows={3}
              value={numbersText}
              inputMode="numeric"
              placeholder="12 34 56"
              aria-invalid={numbersError !== null}
              aria-describedby={`${numbersId}-help${numbersError !== null ? ` ${numbersId}-error` : ''}`}
              data-testid="vn-numbers"
              onChange={(event) => {
                setNumbersText(event.target.value);
              }}
            />
          </div>
          <p id={`${numbersId}-help`} className="lottery-slip__hint">
            {t('lottery.vn.numbers_help')}{' '}
            <span data-testid="vn-number-count">
              {t('lottery.slip.number_count', { numbers: parsed === null ? 0 : parsed.length })}
            </span>
          </p>
        </div>
        {takesTwoDigits && (
          <div className="lottery-slip__sets" role="group" aria-label={t('lottery.vn.quick_sets')}>
            {quickSets.map((set) => (
              <button
                key={set}
                type="button"
                className="button button--ghost lottery-chip"
                data-testid={`vn-set-${set}`}
                onClick={() => {
                  setNumbersText(vnNumberSets[set]?.().join(' ') ?? '');
                }}
              >
                {t(`lottery.vn.sets.${set}`)}
              </button>
            ))}
          </div>
        )}
        <TextField
          label={t('lottery.vn.unit_stake')}
          value={unitStake}
          inputMode="decimal"
          testId="vn-unit-stake"
          error={problemOf('stake')}
          onValueChange={setUnitStake}
        />
        <SlipFooter
          reading={reading}
          isOpen={openDraw !== null}
          isPending={isPending}
          formError={formError}
          placed={placed}
          testId="vn-slip"
        />
      </form>
    </section>
  );
}
