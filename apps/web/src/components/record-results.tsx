import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { Pagination } from './pagination';
import { QueryState } from './query-state';

type RecordsQuery<Data> = {
  data: Data | undefined;
  error: unknown;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

/**
 * A record page's answer: loading or its failure with a retry until the first one arrives, then the
 * records, marked busy while the next search's answer is on its way.
 */
export function RecordResults<Data>({
  query,
  children,
}: {
  query: RecordsQuery<Data>;
  children: (data: Data) => ReactNode;
}) {
  if (query.data === undefined)
    return <QueryState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="wallet-stack" aria-busy={query.isPlaceholderData}>
      {children(query.data)}
    </div>
  );
}

type PagedRecordsProps = {
  isEmpty: boolean;
  emptyMessage: string;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** The pager's test id. */
  testId: string;
  /** The records' table. */
  children: ReactNode;
};

/** One page of records with the pager, or what to say when the search found none. */
export function PagedRecords({
  isEmpty,
  emptyMessage,
  page,
  totalPages,
  onPageChange,
  testId,
  children,
}: PagedRecordsProps) {
  if (isEmpty) return <EmptyState message={emptyMessage} />;
  return (
    <>
      {children}
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} testId={testId} />
    </>
  );
}
