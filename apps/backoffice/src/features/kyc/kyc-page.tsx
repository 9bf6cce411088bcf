import type { KycDocumentKind } from '@wps/contracts/kyc-rules';
import { useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { PagedListTable } from '../../components/list-table';
import { ProofImage } from '../../components/proof-image';
import { ReviewStatusCell, useReviewQueue } from '../../components/review-queue';
import { ReviewQueueScreen } from '../../components/shared-review-queue-screen';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../session/api';
import {
  kycDocumentImagePath,
  type StaffKycDocument,
  useKycDocuments,
  useReviewKycDocument,
  useWithdrawalsAwaitingVerification,
} from './api';
import { KycSettingsPanel, tierLabels } from './kyc-settings-form';
import './kyc.css';

const kindLabels: Record<KycDocumentKind, string> = {
  identity: 'Identity document',
  address: 'Proof of address',
  payment_method: 'Payment method',
};

const columns = ['#', 'Member', 'Document', 'Image', 'Sent', 'Status', 'Actions'];

/** Who sent the document, with what to compare it against: the name, date of birth and ID number given. */
const MemberFacts = ({ member }: { member: StaffKycDocument['member'] }) => (
  <>
    {member.account}
    <div className="muted">{member.realName ?? 'No real name yet'}</div>
    <div className="muted">Born {member.birthday ?? 'not given'}</div>
    {member.idNumber ? <div className="muted">ID {member.idNumber}</div> : null}
    <div className="muted" data-testid={`kyc-member-tier-${member.id}`}>
      Tier: {tierLabels[member.tier]}
    </div>
  </>
);

/** The document queue: the pending ones first, each approved (note) or rejected (reason for the member). */
const DocumentQueue = () => {
  const queue = useReviewQueue<StaffKycDocument>(useReviewKycDocument());
  const documents = useKycDocuments(queue.status, queue.pageNo);
  return (
    <ReviewQueueScreen
      queue={queue}
      name="kyc"
      title="Identity verification"
      answer={documents}
      columns={columns}
      emptyMessages={{ pending: 'No documents waiting for review.', all: 'No documents yet.' }}
      subject={(document) => `${kindLabels[document.kind].toLowerCase()} #${document.id}`}
      summary={(document) => (
        <dl className="facts">
          <dt>Member</dt>
          <dd>
            <MemberFacts member={document.member} />
          </dd>
          <dt>Document</dt>
          <dd>{kindLabels[document.kind]}</dd>
          <dt>Image</dt>
          <dd>
            <ProofImage
              path={kycDocumentImagePath(document.id)}
              testId={`kyc-image-${document.id}`}
              label={`${kindLabels[document.kind]} of ${document.member.account}`}
            />
          </dd>
        </dl>
      )}
    >
      {(documents.data?.list ?? []).map((document) => (
        <tr key={document.id} data-testid={`kyc-row-${document.id}`} data-member={document.member.account}>
          <td>{document.id}</td>
          <td>
            <MemberFacts member={document.member} />
          </td>
          <td>{kindLabels[document.kind]}</td>
          <td>
            <ProofImage
              path={kycDocumentImagePath(document.id)}
              testId={`kyc-image-${document.id}`}
              label={`${kindLabels[document.kind]} of ${document.member.account}`}
            />
          </td>
          <td>{formatDateTime(document.createdAt)}</td>
          <ReviewStatusCell item={document}>
            {document.rejectReason ? <div className="muted">{document.rejectReason}</div> : null}
            {document.reviewedBy ? <div className="muted">by {document.reviewedBy}</div> : null}
          </ReviewStatusCell>
          <td className="row-actions">
            {document.status === 'pending' ? (
              <>
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => {
                    queue.openReview(document, 'approve');
                  }}
                  data-testid={`approve-kyc-${document.id}`}
                >
                  Approve
                </button>
                <button
                  type="button"
                  className="button button--danger"
                  onClick={() => {
                    queue.openReview(document, 'reject');
                  }}
                  data-testid={`reject-kyc-${document.id}`}
                >
                  Reject
                </button>
              </>
            ) : null}
          </td>
        </tr>
      ))}
    </ReviewQueueScreen>
  );
};

/**
 * Withdrawals held until their member reaches the tier the brand requires: their money stays held; approving the
 * member's document releases them into the withdrawal queue.
 */
const HeldWithdrawals = () => {
  const [pageNo, setPageNo] = useState(1);
  const withdrawals = useWithdrawalsAwaitingVerification(pageNo);
  return (
    <section aria-labelledby="kyc-held-title">
      <h2 id="kyc-held-title">Withdrawals waiting for verification</h2>
      <ErrorMessage error={withdrawals.error} testId="kyc-held-error" />
      <PagedListTable
        testId="kyc-held-table"
        columns={['#', 'Member', 'Amount', 'Waits for', 'Requested']}
        answer={withdrawals}
        emptyMessage="No withdrawals waiting for verification."
        emptyTestId="kyc-held-empty"
        paging={{ pageNo, onChange: setPageNo, testId: 'kyc-held-pager' }}
      >
        {(withdrawals.data?.list ?? []).map((withdrawal) => (
          <tr key={withdrawal.id} data-testid={`kyc-held-row-${withdrawal.id}`}>
            <td>{withdrawal.id}</td>
            <td>{withdrawal.member.account}</td>
            <td className="number">{formatMoney(withdrawal.amount, withdrawal.currency)}</td>
            <td>{withdrawal.awaitingKycTier === null ? '—' : tierLabels[withdrawal.awaitingKycTier]}</td>
            <td>{formatDateTime(withdrawal.createdAt)}</td>
          </tr>
        ))}
      </PagedListTable>
    </section>
  );
};

/**
 * Identity verification (KYC, issue 26): members' documents to review with their image, the withdrawals that
 * wait for them, and the brand's rule for when a withdrawal waits. Everything here needs kyc.review; the held
 * withdrawals also withdrawals.view.
 */
export const KycPage = () => {
  const can = useCan();
  return (
    <div className="kyc-page">
      <DocumentQueue />
      {can('withdrawals.view') ? <HeldWithdrawals /> : null}
      <KycSettingsPanel />
    </div>
  );
};
