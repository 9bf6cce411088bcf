import { useTranslation } from 'react-i18next';
import { Pagination, type PageWindow } from '../../../components/pagination';

/** Spec section 9, lobbies: margin 1 and range 3 on phones, margin 2 and range 5 on wider screens. */
export const gamePageWindows: { narrow: PageWindow; wide: PageWindow } = {
  narrow: { margin: 1, range: 3 },
  wide: { margin: 2, range: 5 },
};

type GamePaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  testId?: string;
};

/** The site's pager set up for game lists (lobby, favourites, recent, a vendor's popup list). */
export function GamePagination({ testId = 'game-pagination', ...props }: GamePaginationProps) {
  const { t } = useTranslation();
  return (
    <Pagination
      {...props}
      window={gamePageWindows.wide}
      narrowWindow={gamePageWindows.narrow}
      label={t('games.pagination.label')}
      testId={testId}
    />
  );
}
