import { useTranslation } from 'react-i18next';

type PaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  testId?: string;
};

/** Previous and next with the current page; pages beyond the last are never requested (spec section 4). */
export function Pagination({ page, totalPages, onPageChange, testId = 'pagination' }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="wallet-pagination" aria-label={t('wallet.pagination.label')} data-testid={testId}>
      <button
        type="button"
        className="button button--ghost"
        data-testid={`${testId}-previous`}
        disabled={page <= 1}
        onClick={() => {
          onPageChange(page - 1);
        }}
      >
        {t('wallet.pagination.previous')}
      </button>
      <span aria-current="page" data-testid={`${testId}-current`}>
        {t('wallet.pagination.page', { page, total: totalPages })}
      </span>
      <button
        type="button"
        className="button button--ghost"
        data-testid={`${testId}-next`}
        disabled={page >= totalPages}
        onClick={() => {
          onPageChange(page + 1);
        }}
      >
        {t('wallet.pagination.next')}
      </button>
    </nav>
  );
}
