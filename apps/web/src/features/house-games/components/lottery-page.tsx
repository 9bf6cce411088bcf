import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LotteryKindPage } from './lottery-kind-page';
import { LotteryVnPage } from './lottery-vn-page';

export type LotteryKind = 'lottery' | 'sea' | 'vn' | 'lottert';

type LotteryPageProps = { kind: LotteryKind };

/**
 * /lottery (speed LOTT and ELOTT games; /lottert too), /vnLottery and /seaLottery, each for the game in
 * `?gameCode=`. The routes already send visitors without a session to /login.
 */
export function LotteryPage({ kind }: LotteryPageProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const gameCode = searchParams.get('gameCode')?.trim() ?? '';
  if (gameCode === '') {
    return (
      <article className="page page--game" data-testid="lottery-page">
        <h1 className="page__title">{t(`pages.lottery.${kind}`)}</h1>
        <p role="alert" data-testid="lottery-no-game">
          {t('lottery.no_game')} <Link to="/lott">{t('lottery.back_to_lobby')}</Link>
        </p>
      </article>
    );
  }
  if (kind === 'vn') return <LotteryVnPage gameCode={gameCode} />;
  return <LotteryKindPage gameCode={gameCode} />;
}
