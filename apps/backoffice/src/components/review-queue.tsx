import { useState, type ReactNode } from 'react';
import { ReviewActions, ReviewDialog, type ReviewDecision } from './review-dialog';
import { StatusFilter, type ReviewStatus } from './status-filter';

/** Approve or reject one request; both review queues' mutations have this shape. */
type ReviewMutation = {
  mutate: (
    review: { id: string; decision: ReviewDecision; text: string },
    options: { onSuccess: () => void },
  ) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
};

/** What a review queue's rows have in common: the request, where its review stands and the staff's note. */
type ReviewedItem = { id: string; status: string; reviewNote: string | null };

type OpenReview<Item> = { item: Item; decision: ReviewDecision };

/**
 * A review queue's screen state: which requests it shows (the pending ones first) and the page, back to 1
 * when that changes, and the request being approved or rejected.
 */
export const useReviewQueue = <Item extends ReviewedItem>(mutation: ReviewMutation) => {
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [pageNo, setPageNo] = useState(1);
  const [review, setReview] = useState<OpenReview<Item> | null>(null);
  return {
    status,
    pageNo,
    setPageNo,
    review,
    mutation,
    showStatus: (value: ReviewStatus) => {
      setStatus(value);
      setPageNo(1);
    },
    openReview: (item: Item, decision: ReviewDecision) => {
      mutation.reset();
      setReview({ item, decision });
    },
    closeReview: () => {
      setReview(null);
    },
  };
};

type ReviewQueue<Item extends ReviewedItem> = ReturnType<typeof useReviewQueue<Item>>;

/** A review queue's heading and its pending/all switch. */
export const ReviewQueueHeader = <Item extends ReviewedItem>({
  queue,
  title,
  titleId,
  testIdPrefix,
  pendingLabel,
}: {
  queue: ReviewQueue<Item>;
  title: string;
  titleId: string;
  testIdPrefix: string;
  pendingLabel?: string;
}) => (
  <header className="page-header">
    <h1 id={titleId}>{title}</h1>
    <StatusFilter
      value={queue.status}
      onChange={queue.showStatus}
      testIdPrefix={testIdPrefix}
      {...(pendingLabel === undefined ? {} : { pendingLabel })}
    />
  </header>
);

/** The confirm step of the request being reviewed, closed once the server took the decision. */
export const ReviewQueueDialog = <Item extends ReviewedItem>({
  queue,
  subject,
  summary,
}: {
  queue: ReviewQueue<Item>;
  /** "deposit #12" */
  subject: (item: Item) => string;
  summary: (item: Item) => ReactNode;
}) => {
  const { review, mutation, closeReview } = queue;
  if (review === null) return null;
  return (
    <ReviewDialog
      decision={review.decision}
      subject={subject(review.item)}
      summary={summary(review.item)}
      isPending={mutation.isPending}
      error={mutation.error}
      onClose={closeReview}
      onConfirm={(text) => {
        mutation.mutate({ id: review.item.id, decision: review.decision, text }, { onSuccess: closeReview });
      }}
    />
  );
};

/** A request's state, with the note or reason the staff gave, and anything more the screen adds. */
export const ReviewStatusCell = ({ item, children }: { item: ReviewedItem; children?: ReactNode }) => (
  <td>
    <span className={`badge badge--${item.status}`}>{item.status}</span>
    {item.reviewNote ? <div className="muted">{item.reviewNote}</div> : null}
    {children}
  </td>
);

/**
 * Approve and reject, while the request is pending; only reject when `canApprove` is false (four eyes);
 * nothing for staff whose role does not decide these requests (`canDecide` false).
 */
export const ReviewActionsCell = <Item extends ReviewedItem>({
  queue,
  item,
  kind,
  canApprove = true,
  canDecide,
}: {
  queue: ReviewQueue<Item>;
  item: Item;
  kind: 'deposit' | 'withdrawal';
  canApprove?: boolean;
  canDecide: boolean;
}) => (
  <td className="row-actions">
    {item.status === 'pending' && canDecide ? (
      <ReviewActions
        kind={kind}
        id={item.id}
        canApprove={canApprove}
        onReview={(decision) => {
          queue.openReview(item, decision);
        }}
      />
    ) : null}
  </td>
);
