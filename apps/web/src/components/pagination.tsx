import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isPageChange, pageItems } from '../lib/page-items';
import { useMediaQuery } from '../lib/use-media-query';
import './pagination.css';

const wideQuery = '(min-width: 768px)';
/** How many page numbers show: `margin` at each end and `range` around the current page. */
export type PageWindow = { margin: number; range: number };

type PaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Spec section 9 (announcement popup): margin 1, range 5 unless told. */
  window?: PageWindow;
  /** The window on phones (narrower than 768 px), when it differs (lobbies: margin 1, range 3). */
  narrowWindow?: PageWindow;
  /** What the pages are of, for screen readers; "Pages" unless told. */
  label?: string;
  testId?: string;
};

const defaultWindow: PageWindow = { margin: 1, range: 5 };

/**
 * The site's one pager: previous, the page numbers (the ends and a range around the current one, with
 * ellipses between runs) and next; the current page is marked `aria-current="page"` and read out as
 * "Page n of m". Keyboard: Tab reaches every button; inside the pager the arrow keys step (mirrored in
 * right-to-left), Home and End go to the first and last page, and the focus follows the current page.
 * Pages outside 1..totalPages are never asked for (spec section 4); one page shows no pager.
 */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  window: wideWindow = defaultWindow,
  narrowWindow,
  label,
  testId = 'pagination',
}: PaginationProps) {
  const { t } = useTranslation();
  const isWide = useMediaQuery(wideQuery);
  const navRef = useRef<HTMLElement>(null);
  const focusCurrent = useRef(false);
  useEffect(() => {
    if (!focusCurrent.current) return;
    focusCurrent.current = false;
    navRef.current?.querySelector<HTMLButtonElement>('[aria-current="page"]')?.focus();
  }, [page]);
  if (totalPages <= 1) return null;

  const goTo = (target: number): boolean => {
    if (!isPageChange(target, page, totalPages)) return false;
    onPageChange(target);
    return true;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const isRtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = isRtl ? -1 : 1;
    const step = event.key === 'ArrowRight' ? forward : event.key === 'ArrowLeft' ? -forward : undefined;
    const target =
      step !== undefined ? page + step : event.key === 'Home' ? 1 : event.key === 'End' ? totalPages : null;
    if (target === null) return;
    event.preventDefault();
    if (goTo(target)) focusCurrent.current = true;
  };
  const { margin, range } = !isWide && narrowWindow ? narrowWindow : wideWindow;
  const items = pageItems(page, totalPages, margin, range);
  return (
    <nav
      ref={navRef}
      className="pagination"
      aria-label={label ?? t('common.pagination.label')}
      data-testid={testId}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        className="pagination__step"
        aria-label={t('common.pagination.previous')}
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
      <ol className="pagination__pages">
        {items.map((item, index) =>
          item === 'gap' ? (
            <li
              key={`gap-${index}`}
              className="pagination__gap"
              aria-hidden="true"
              data-testid={`${testId}-gap`}
            >
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="pagination__page"
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('common.pagination.page', { page: item })}
                data-testid={`${testId}-page`}
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
        className="pagination__step"
        aria-label={t('common.pagination.next')}
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
      <span className="visually-hidden" aria-live="polite" data-testid={`${testId}-current`}>
        {t('common.pagination.status', { page, total: totalPages })}
      </span>
    </nav>
  );
}
