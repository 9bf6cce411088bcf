import type { ReactNode } from 'react';
import { ErrorMessage } from './error-message';
import { PagedListTable } from './list-table';
import { ReviewQueueDialog, ReviewQueueHeader, type useReviewQueue } from './review-queue';
import type { ReviewStatus } from './status-filter';

type ReviewedItem = { id: string; status: string; reviewNote: string | null };

/**
 * A review queue's screen: its heading and pending/all switch, the requests of the page (`children`, the rows)
 * and the confirm dialog of the one being reviewed. `name` names the title's id (`<name>-title`) and the test
 * ids: `<name>-status-…`, `<name>-error`, `<name>-table`, `<name>-empty`, `<name>-pager`.
 */
export const ReviewQueueScreen = <Item extends ReviewedItem>({
  queue,
  name,
  title,
  pendingLabel,
  answer,
  columns,
  emptyMessages,
  subject,
  summary,
  children,
}: {
  queue: ReturnType<typeof useReviewQueue<Item>>;
  name: string;
  title: string;
  /** What the server's "pending" holds for this queue. */
  pendingLabel?: string;
  answer: {
    error: unknown;
    isPending: boolean;
    isSuccess: boolean;
    data?: { list: readonly Item[]; totalPages: number } | undefined;
  };
  columns: readonly string[];
  /** What an empty page says, for each choice of the switch. */
  emptyMessages: Record<ReviewStatus, string>;
  /** "deposit #12" */
  subject: (item: Item) => string;
  summary: (item: Item) => ReactNode;
  children: ReactNode;
}) => (
  <section aria-labelledby={`${name}-title`}>
    <ReviewQueueHeader
      queue={queue}
      title={title}
      titleId={`${name}-title`}
      testIdPrefix={`${name}-status`}
      pendingLabel={pendingLabel}
    />
    <ErrorMessage error={answer.error} testId={`${name}-error`} />
    <PagedListTable
      testId={`${name}-table`}
      columns={columns}
      answer={answer}
      emptyMessage={emptyMessages[queue.status]}
      emptyTestId={`${name}-empty`}
      paging={{ pageNo: queue.pageNo, onChange: queue.setPageNo, testId: `${name}-pager` }}
    >
      {children}
    </PagedListTable>
    <ReviewQueueDialog queue={queue} subject={subject} summary={summary} />
  </section>
);
