import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { readSpeedSlip, speedSumPicks, type SpeedBetType, type SpeedSlip } from '../api/lottery-bet-lines';
import type { LotteryBet, LotteryDraw } from '../api/lottery-queries';
import { LotteryGamePage, type LotterySlipContext } from './lottery-game-page';
import { betTypeLabel } from './lottery-labels';
import { SlipFooter, useSlipSubmit } from './lottery-slip-footer';

const speedTypes: readonly SpeedBetType[] = ['sum', 'position', 'straight'];
const sumLabelKeys: Readonly<Record<string, 'big' | 'small' | 'odd' | 'even'>> = {
  BIG: 'big',
  SMALL: 'small',
  ODD: 'odd',
  EVEN: 'even',
};
const digits = Array.from({ length: 10 }, (_, digit) => String(digit));

function PickButton({
  label,
  isPicked,
  onToggle,
  testId,
}: {
  label: string;
  isPicked: boolean;
  onToggle: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className="button button--ghost lottery-chip"
      aria-pressed={isPicked}
      data-testid={testId}
      onClick={onToggle}
    >
      {label}
    </button>
  );
}

/** The speed games' slip: big/small/odd/even of the sum, a digit at a position, or a straight number. */
export function LotterySpeedSlip({ game, openDraw }: LotterySlipContext) {
  const { t } = useTranslation();
  const titleId = useId();
  const offered = speedTypes.filter((type) => game.betTypes.some((offer) => offer.code === type));
  const balls = game.balls ?? 3;
  const [slip, setSlip] = useState<SpeedSlip>({
    betType: offered[0] ?? 'sum',
    picks: [],
    straightText: '',
    unitStake: '1',
  });
  const [position, setPosition] = useState(1);
  const reading = readSpeedSlip(slip);
  const odds = game.betTypes.find((type) => type.code === slip.betType)?.odds['1'] ?? null;

  const togglePick = (pick: string) => {
    setSlip((current) => ({
      ...current,
      picks: current.picks.includes(pick)
        ? current.picks.filter((item) => item !== pick)
        : [...current.picks, pick],
    }));
  };

  const { submit, isPending, formError, placed, problemOf } = useSlipSubmit({
    gameCode: game.gameCode,
    drawId: openDraw?.publicId ?? null,
    reading,
    describe: () =>
      `${betTypeLabel(t, slip.betType)}: ${(slip.betType === 'straight' ? slip.straightText.trim().split(/\s+/) : slip.picks).join(', ')}`,
    onPlaced: () => {
      setSlip((current) => ({ ...current, picks: [], straightText: '' }));
    },
  });
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };
  const numbersError = problemOf('numbers');

  return (
    <section className="lottery__panel lottery-slip" aria-labelledby={titleId}>
      <h2 id={titleId} className="lottery__panel-title">
        {t('lottery.slip.title')}
      </h2>
      <form noValidate onSubmit={onSubmit} data-testid="speed-slip">
        <SelectField
          label={t('lottery.slip.bet_type')}
          value={slip.betType}
          testId="speed-bet-type"
          options={offered.map((type) => ({ value: type, label: betTypeLabel(t, type) }))}
          onValueChange={(value) => {
            const chosen = offered.find((type) => type === value);
            if (chosen !== undefined) setSlip((current) => ({ ...current, betType: chosen, picks: [] }));
          }}
        />
        {odds !== null && <p className="lottery-slip__hint">{t('lottery.speed.odds', { odds })}</p>}
        {slip.betType === 'sum' && (
          <fieldset className="lottery-slip__picks">
            <legend>{t('lottery.speed.sum_legend', { balls })}</legend>
            {speedSumPicks.map((pick) => (
              <PickButton
                key={pick}
                label={t(`lottery.speed.sum.${sumLabelKeys[pick] ?? 'big'}`)}
                isPicked={slip.picks.includes(pick)}
                testId={`speed-pick-${pick}`}
                onToggle={() => {
                  togglePick(pick);
                }}
              />
            ))}
          </fieldset>
        )}
        {slip.betType === 'position' && (
          <>
            <SelectField
              label={t('lottery.speed.position')}
              value={String(position)}
              testId="speed-position"
              options={Array.from({ length: balls }, (_, index) => ({
                value: String(index + 1),
                label: t('lottery.speed.ball', { position: index + 1 }),
              }))}
              onValueChange={(value) => {
                setPosition(Number(value));
              }}
            />
            <fieldset className="lottery-slip__picks">
              <legend>{t('lottery.speed.digits_legend', { position })}</legend>
              {digits.map((digit) => {
                const pick = `${String(position)}:${digit}`;
                return (
                  <PickButton
                    key={pick}
                    label={digit}
                    isPicked={slip.picks.includes(pick)}
                    testId={`speed-pick-${pick}`}
                    onToggle={() => {
                      togglePick(pick);
                    }}
                  />
                );
              })}
            </fieldset>
          </>
        )}
        {slip.betType === 'straight' ? (
          <TextField
            label={t('lottery.speed.straight')}
            value={slip.straightText}
            inputMode="numeric"
            placeholder="123 907"
            testId="speed-straight"
            error={numbersError}
            onValueChange={(straightText) => {
              setSlip((current) => ({ ...current, straightText }));
            }}
          />
        ) : (
          numbersError !== null && (
            <p className="field__error" data-testid="speed-picks-error">
              {numbersError}
            </p>
          )
        )}
        {slip.picks.length > 0 && slip.betType !== 'straight' && (
          <p className="lottery-slip__hint" data-testid="speed-picks">
            {t('lottery.speed.picked', { picks: slip.picks.join(', ') })}
          </p>
        )}
        <TextField
          label={t('lottery.speed.unit_stake')}
          value={slip.unitStake}
          inputMode="decimal"
          testId="speed-unit-stake"
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
          testId="speed-slip"
        />
      </form>
    </section>
  );
}

/** The balls of a speed draw. */
export const readSpeedBalls = (draw: LotteryDraw): number[] => {
  const balls = draw.result?.balls;
  return Array.isArray(balls) ? balls.filter((ball): ball is number => typeof ball === 'number') : [];
};

export function LotterySpeedResult({ draw, bets }: { draw: LotteryDraw; bets: readonly LotteryBet[] }) {
  const { t } = useTranslation();
  const balls = readSpeedBalls(draw);
  const sum = balls.reduce((total, ball) => total + ball, 0);
  const won = bets.filter((bet) => bet.status === 'won').length;
  return (
    <div className="lottery-speed" data-testid="speed-result">
      <ol className="lottery-speed__balls" aria-label={t('lottery.speed.balls')}>
        {balls.map((ball, index) => (
          <li key={index} className="lottery-speed__ball" data-testid="speed-ball">
            {ball}
          </li>
        ))}
      </ol>
      <p className="muted">
        {t('lottery.speed.sum_is', { sum })}
        {bets.length > 0 && ` · ${t('lottery.speed.my_result', { won, total: bets.length })}`}
      </p>
    </div>
  );
}

/** /lottery?gameCode=…: LOTT and ELOTT speed games, drawing every few minutes. */
export function LotterySpeedPage({ gameCode }: { gameCode: string }) {
  return (
    <LotteryGamePage
      key={gameCode}
      gameCode={gameCode}
      renderSlip={(context) => <LotterySpeedSlip {...context} />}
      renderResult={(draw, _game, bets) => <LotterySpeedResult draw={draw} bets={bets} />}
    />
  );
}
