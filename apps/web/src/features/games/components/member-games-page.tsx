import type { Game } from '@wps/contracts/games';
import { gamePageSizes } from '@wps/contracts/games-rules';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useActionGuard } from '../../auth/api/use-action-guard';
import { useFavouriteGames } from '../api/favourites';
import { useGameLanguage } from '../api/game-language';
import { useRecentGames } from '../api/get-recent-games';
import { GameGrid } from './game-grid';
import { GamePagination } from './game-pagination';
import { QueryState } from '../../../components/query-state';
import { LoginRequired } from './login-required';

type MemberGamesResult = {
  games: readonly Game[];
  totalPages: number;
  isPending: boolean;
  error: unknown;
  refetch: () => void;
};

const useMemberGames = (kind: 'favorite' | 'recent', page: number, enabled: boolean): MemberGamesResult => {
  const language = useGameLanguage();
  const filter = { page, pageSize: gamePageSizes.list };
  const favourites = useFavouriteGames(filter, language, { enabled: enabled && kind === 'favorite' });
  const recent = useRecentGames(filter, language, { enabled: enabled && kind === 'recent' });
  return kind === 'favorite'
    ? {
        games: favourites.data?.content ?? [],
        totalPages: favourites.data?.totalPages ?? 0,
        isPending: favourites.isPending,
        error: favourites.error,
        refetch: () => void favourites.refetch(),
      }
    : {
        games: recent.data?.list ?? [],
        totalPages: recent.data?.totalPages ?? 0,
        isPending: recent.isPending,
        error: recent.error,
        refetch: () => void recent.refetch(),
      };
};

/** /favorite and /recent: the member's own games, 15 a page, the page in the address; login needed. */
export function MemberGamesPage({ kind }: { kind: 'favorite' | 'recent' }) {
  const { t } = useTranslation();
  const guard = useActionGuard();
  const [params, setParams] = useSearchParams();
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const result = useMemberGames(kind, page, guard.status === 'allowed');
  return (
    <article className="page" data-testid={`${kind}-games-page`}>
      <h1 className="page__title">{t(`pages.${kind}.title`)}</h1>
      {guard.status === 'guest' ? (
        <LoginRequired
          message={t(kind === 'favorite' ? 'games.login_for_favourites' : 'games.login_for_recent')}
        />
      ) : guard.status === 'trial' ? (
        <EmptyState message={t('in_need_true_account')} />
      ) : result.isPending || result.error ? (
        <QueryState error={result.error} onRetry={result.refetch} />
      ) : result.games.length === 0 && page === 1 ? (
        <EmptyState message={t(`pages.${kind}.empty`)} />
      ) : (
        <>
          <GameGrid games={result.games} testId={`${kind}-games`} />
          <GamePagination
            page={page}
            totalPages={result.totalPages}
            testId={`${kind}-pagination`}
            onPageChange={(next) => {
              setParams(next === 1 ? {} : { page: String(next) });
            }}
          />
        </>
      )}
    </article>
  );
}
