import { sea4dPrizes } from '@wps/contracts/lottery-rules';
import { distinctPermutations } from '@wps/contracts/vn-lottery-rules';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '../../../components/form-field';
import { readSeaSlip, type SeaSlip } from '../api/lottery-bet-lines';
import type { LotteryBet, LotteryDraw } from '../api/lottery-queries';
import { LotteryGamePage, type LotterySlipContext } from './lottery-game-page';
import { SlipFooter, useSlipSubmit } from './lottery-slip-footer';

/** The SEA slip: 4D numbers, Big and Small amounts per number, and the i-Box option. */
export function LotterySeaSlip({ game, openDraw }: LotterySlipContext) {
  const { t } = useTranslation();
  const titleId = useId();
  const [slip, setSlip] = useState<SeaSlip>({ numbersText: '', big: '1', small: '', isBox: false });
  const reading = readSeaSlip(slip);
  const offersBox = game.betTypes.some((type) => type.code.startsWith('ibox_'));
  const { submit, isPending, formError, placed, problemOf } = useSlipSubmit({
    gameCode: game.gameCode,
    drawId: openDraw?.publicId ?? null,
    reading,
    describe: () =>
      t('lottery.sea.describe', {
        numbers: reading.numberCount,
        big: slip.big.trim() || '0',
        small: slip.small.trim() || '0',
      }) + (slip.isBox ? ` · ${t('lottery.sea.box')}` : ''),
    onPlaced: () => {
      setSlip((current) => ({ ...current, numbersText: '' }));
    },
  });
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };
  return (
    <section className="lottery__panel lottery-slip" aria-labelledby={titleId}>
      <h2 id={titleId} className="lottery__panel-title">
        {t('lottery.slip.title')}
      </h2>
      <form noValidate onSubmit={onSubmit} data-testid="sea-slip">
        <TextField
          label={t('lottery.sea.numbers')}
          value={slip.numbersText}
          inputMode="numeric"
          placeholder="1234 0088"
          testId="sea-numbers"
          error={problemOf('numbers')}
          onValueChange={(numbersText) => {
            setSlip((current) => ({ ...current, numbersText }));
          }}
        />
        <div className="lottery-slip__pair">
          <TextField
            label={t('lottery.sea.big')}
            value={slip.big}
            inputMode="decimal"
            testId="sea-big"
            error={problemOf('stake')}
            onValueChange={(big) => {
              setSlip((current) => ({ ...current, big }));
            }}
          />
          <TextField
            label={t('lottery.sea.small')}
            value={slip.small}
            inputMode="decimal"
            testId="sea-small"
            onValueChange={(small) => {
              setSlip((current) => ({ ...current, small }));
            }}
          />
        </div>
        {offersBox && (
          <CheckboxField
            label={t('lottery.sea.box_label')}
            checked={slip.isBox}
            testId="sea-box"
            onCheckedChange={(isBox) => {
              setSlip((current) => ({ ...current, isBox }));
            }}
          />
        )}
        <p className="lottery-slip__hint">
          {t('lottery.sea.prizes_hint', {
            big: sea4dPrizes.big.join(' / '),
            small: sea4dPrizes.small.slice(0, 3).join(' / '),
          })}
        </p>
        <SlipFooter
          reading={reading}
          isOpen={openDraw !== null}
          isPending={isPending}
          formError={formError}
          placed={placed}
          testId="sea-slip"
        />
      </form>
    </section>
  );
}

/** The 23 numbers of a SEA draw: first, second, third, 10 special, 10 consolation. */
export const readSeaResult = (draw: LotteryDraw): string[] => {
  const numbers = draw.result?.numbers;
  return Array.isArray(numbers)
    ? numbers.filter((number): number is string => typeof number === 'string')
    : [];
};

/** Which of the 23 positions one of the member's bets matched (Small: top three only; i-Box: permutations). */
export const matchedSeaPositions = (numbers: readonly string[], bets: readonly LotteryBet[]): Set<number> => {
  const matched = new Set<number>();
  for (const bet of bets) {
    const isSmall = bet.betType.endsWith('small');
    const candidates = bet.betType.startsWith('ibox_')
      ? bet.numbers.flatMap((number) => distinctPermutations(number))
      : bet.numbers;
    numbers.forEach((number, index) => {
      if ((!isSmall || index < 3) && candidates.includes(number)) matched.add(index);
    });
  }
  return matched;
};

function SeaNumber({ number, isMatched }: { number: string; isMatched: boolean }) {
  const { t } = useTranslation();
  return isMatched ? (
    <mark className="lottery-sea__number lottery-vn__lot--matched" data-testid="sea-number-matched">
      <span className="visually-hidden">{t('lottery.vn.matched')} </span>
      <bdi dir="ltr">{number}</bdi>
    </mark>
  ) : (
    <bdi dir="ltr" className="lottery-sea__number">
      {number}
    </bdi>
  );
}

export function LotterySeaResult({ draw, bets }: { draw: LotteryDraw; bets: readonly LotteryBet[] }) {
  const { t } = useTranslation();
  const numbers = readSeaResult(draw);
  const matched = matchedSeaPositions(numbers, bets);
  const group = (from: number, to: number) =>
    numbers.slice(from, to).map((number, offset) => (
      <li key={from + offset}>
        <SeaNumber number={number} isMatched={matched.has(from + offset)} />
      </li>
    ));
  return (
    <div className="lottery-sea" data-testid="sea-result">
      <dl className="lottery-sea__top">
        {(['first', 'second', 'third'] as const).map((prize, index) => (
          <div key={prize}>
            <dt>{t(`lottery.sea.prizes.${prize}`)}</dt>
            <dd>
              <SeaNumber number={numbers[index] ?? '—'} isMatched={matched.has(index)} />
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="lottery-sea__group-title">{t('lottery.sea.prizes.special')}</h3>
      <ul className="lottery-sea__grid">{group(3, 13)}</ul>
      <h3 className="lottery-sea__group-title">{t('lottery.sea.prizes.consolation')}</h3>
      <ul className="lottery-sea__grid">{group(13, 23)}</ul>
    </div>
  );
}

/** /seaLottery?gameCode=…: South-East-Asian 4D. */
export function LotterySeaPage({ gameCode }: { gameCode: string }) {
  return (
    <LotteryGamePage
      key={gameCode}
      gameCode={gameCode}
      renderSlip={(context) => <LotterySeaSlip {...context} />}
      renderResult={(draw, _game, bets) => <LotterySeaResult draw={draw} bets={bets} />}
    />
  );
}
