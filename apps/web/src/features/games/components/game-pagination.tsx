import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isPageChange, pageItems } from '../paging';

const wideQuery = '(min-width: 768px)';
const subscribeWide = (onChange: () => void): (() => void) => {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(wideQuery);
  list.addEventListener('change', onChange);
  return () => {
    list.removeEventListener('change', onChange);
  };
};
const readWide = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia(wideQuery).matches;

type GamePaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  testId?: string;
};

/**
 * Numbered pages with previous and next: margin 1 and range 3 on phones, margin 2 and range 5 on wider
 * screens (spec section 9). A page beyond the last is never asked for.
 */
export function GamePagination({
  page,
  totalPages,
  onPageChange,
  testId = 'game-pagination',
}: GamePaginationProps) {
  const { t } = useTranslation();
  const isWide = useSyncExternalStore(subscribeWide, readWide, () => false);
  if (totalPages <= 1) return null;
  const goTo = (target: number) => {
    if (isPageChange(target, page, totalPages)) onPageChange(target);
  };
  const items = isWide ? pageItems(page, totalPages, 2, 5) : pageItems(page, totalPages, 1, 3);
  return (
    <nav className="game-pagination" aria-label={t('games.pagination.label')} data-testid={testId}>
      <button
        type="button"
        className="game-pagination__step"
        aria-label={t('games.pagination.previous')}
        disabled={page <= 1}
        data-testid={`${testId}-previous`}
        onClick={() => {
          goTo(page - 1);
        }}
      >
        <span aria-hidden="true" className="flip-rtl">
          ‹
        </span>
      </button>
      <ol className="game-pagination__pages">
        {items.map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="game-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="game-pagination__page"
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('games.pagination.page', { page: item })}
                onClick={() => {
                  goTo(item);
                }}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ol>
      <button
        type="button"
        className="game-pagination__step"
        aria-label={t('games.pagination.next')}
        disabled={page >= totalPages}
        data-testid={`${testId}-next`}
        onClick={() => {
          goTo(page + 1);
        }}
      >
        <span aria-hidden="true" className="flip-rtl">
          ›
        </span>
      </button>
    </nav>
  );
}
