import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';

export type LotteryKind = 'lottery' | 'sea' | 'vn' | 'lottert';

type LotteryPageProps = { kind: LotteryKind };

export function LotteryPage({ kind }: LotteryPageProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const gameCode = searchParams.get('gameCode');
  return (
    <article className="page page--game" data-testid="lottery-page">
      <h1 className="page__title">{t(`pages.lottery.${kind}`)}</h1>
      {gameCode && <p className="page__intro">{t('pages.lottery.game_code', { gameCode })}</p>}
      <EmptyState message={t('common.coming_soon')} />
    </article>
  );
}
