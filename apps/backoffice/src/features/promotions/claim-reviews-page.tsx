import { useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { ReviewDialog, type ReviewDecision } from '../../components/review-dialog';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../session/api';
import {
  type ClaimReview,
  type ClaimReviewStatus,
  useClaimReviews,
  useDecideClaimReview,
} from './claim-reviews-api';

const columns = ['#', 'Member', 'Promotion', 'Shares with', 'Held', 'Actions'];
const statuses: readonly ClaimReviewStatus[] = ['pending', 'approved', 'rejected'];
const reasonLabels: Record<ClaimReview['reasons'][number]['kind'], string> = {
  address: 'address',
  device: 'device',
  payout_account: 'payout account',
};

/** Who the claimant shares what with: "demo01 (address)". */
const sharedWith = (review: ClaimReview): string =>
  review.reasons
    .map((reason) => `${reason.username || `#${reason.memberId}`} (${reasonLabels[reason.kind]})`)
    .join(', ');

/**
 * Sign-up bonus claims held because the claimant shares an address or payout account with a member who already
 * claimed one: approve pays the bonus (once), reject pays nothing. Staff with promotions.review_claims decide;
 * others look.
 */
export const ClaimReviewsPage = () => {
  const canDecide = useCan()('promotions.review_claims');
  const [status, setStatus] = useState<ClaimReviewStatus>('pending');
  const reviews = useClaimReviews(status);
  const decide = useDecideClaimReview();
  const [open, setOpen] = useState<{ review: ClaimReview; decision: ReviewDecision } | null>(null);
  const list = reviews.data?.list ?? [];

  return (
    <section aria-labelledby="claim-reviews-title">
      <h1 id="claim-reviews-title">Sign-up claim reviews</h1>
      <label>
        Status{' '}
        <select
          value={status}
          data-testid="claim-reviews-status"
          onChange={(event) => {
            const next = statuses.find((value) => value === event.target.value);
            if (next !== undefined) setStatus(next);
          }}
        >
          {statuses.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </label>
      <ErrorMessage error={reviews.error} testId="claim-reviews-error" />
      <ListTable
        testId="claim-reviews-table"
        columns={columns}
        isLoading={reviews.isPending}
        isEmpty={reviews.isSuccess && list.length === 0}
        emptyMessage="No sign-up claims in this status."
        emptyTestId="claim-reviews-empty"
      >
        {list.map((review) => (
          <tr key={review.id} data-testid={`claim-review-row-${review.id}`}>
            <td>{review.id}</td>
            <td>{review.member.username}</td>
            <td>{review.promotionTitle}</td>
            <td>{sharedWith(review)}</td>
            <td>
              {formatDateTime(review.createdAt)}
              {review.decidedAt === null ? null : (
                <div className="muted">
                  {review.status} {formatDateTime(review.decidedAt)}
                  {review.note === null ? null : ` · ${review.note}`}
                </div>
              )}
            </td>
            <td className="row-actions">
              {review.status === 'pending' && canDecide
                ? (['approve', 'reject'] as const).map((decision) => (
                    <button
                      key={decision}
                      type="button"
                      className={decision === 'approve' ? 'button button--primary' : 'button button--danger'}
                      data-testid={`${decision}-claim-${review.id}`}
                      onClick={() => {
                        decide.reset();
                        setOpen({ review, decision });
                      }}
                    >
                      {decision === 'approve' ? 'Approve' : 'Reject'}
                    </button>
                  ))
                : null}
            </td>
          </tr>
        ))}
      </ListTable>
      {open ? (
        <ReviewDialog
          decision={open.decision}
          subject={`claim #${open.review.id}`}
          summary={
            <dl className="facts">
              <dt>Member</dt>
              <dd>{open.review.member.username}</dd>
              <dt>Promotion</dt>
              <dd>{open.review.promotionTitle}</dd>
              <dt>Shares with</dt>
              <dd>{sharedWith(open.review)}</dd>
            </dl>
          }
          isPending={decide.isPending}
          error={decide.error}
          onClose={() => {
            setOpen(null);
          }}
          onConfirm={(note) => {
            decide.mutate(
              { id: open.review.id, decision: open.decision, note },
              {
                onSuccess: () => {
                  setOpen(null);
                },
              },
            );
          }}
        />
      ) : null}
    </section>
  );
};
