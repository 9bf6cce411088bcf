import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A query's data once it is here; a spinner before, and the failure with a retry button after. */
export const QueryState = <Data,>({
  query,
  children,
}: {
  query: UseQueryResult<Data>;
  children: (data: Data) => ReactNode;
}) => {
  const { t } = useTranslation();
  if (query.isSuccess) return children(query.data);
  if (query.isError) {
    return (
      <div className="notice notice--error" role="alert">
        {t('app.failed', { message: query.error.message })}{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            void query.refetch();
          }}
        >
          {t('app.retry')}
        </button>
      </div>
    );
  }
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" /> {t('app.loading')}
    </p>
  );
};
