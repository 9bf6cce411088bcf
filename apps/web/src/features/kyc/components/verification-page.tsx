import type { KycStatus, KycWithdrawalRule, MemberKycDocument } from '@wps/contracts/kyc';
import {
  type KycDocumentKind,
  kycDocumentKinds,
  type KycTier,
  kycTierRequirements,
  requirableKycTiers,
} from '@wps/contracts/kyc-rules';
import { uploadLimits } from '@wps/contracts/uploads';
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { EmptyState } from '../../../components/empty-state';
import { FormError } from '../../../components/form-field';
import { QueryState } from '../../../components/query-state';
import { SelectField } from '../../../components/select-field';
import { formatLocalDateTime } from '../../../lib/format-date';
import { translateApiError } from '../../../lib/translate-message';
import { useKycStatus } from '../api/get-kyc-status';
import { useSubmitKycDocument } from '../api/submit-kyc-document';
import { checkProofFile } from '../../payments/api/upload-proof';
import './verification.css';

/** The member's tier and what each tier needs (basic: identity; verified: identity and address). */
function TierCard({ tier }: { tier: KycTier }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="kyc-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('kyc.tier_title')}</h3>
      <p>
        <span className={`kyc-badge kyc-badge--${tier}`} data-testid="kyc-tier" data-tier={tier}>
          {t(`kyc.tier.${tier}`)}
        </span>
      </p>
      <ul className="kyc-requirements">
        {requirableKycTiers.map((required) => (
          <li key={required}>
            {t('kyc.requirement', {
              tier: t(`kyc.tier.${required}`),
              documents: kycTierRequirements[required].map((kind) => t(`kyc.kind.${kind}`)).join(' + '),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** When the brand makes a withdrawal wait for verification; nothing when both thresholds are off. */
function WithdrawalRule({ rule }: { rule: KycWithdrawalRule }) {
  const { t } = useTranslation();
  const tier = t(`kyc.tier.${rule.requiredTier}`);
  if (rule.singleThreshold === null && rule.cumulativeThreshold === null) return null;
  return (
    <div className="notice" data-testid="kyc-withdrawal-rule">
      {rule.singleThreshold !== null && (
        <p>{t('kyc.rule.single', { amount: rule.singleThreshold, currency: rule.currency, tier })}</p>
      )}
      {rule.cumulativeThreshold !== null && (
        <p>{t('kyc.rule.cumulative', { amount: rule.cumulativeThreshold, currency: rule.currency, tier })}</p>
      )}
    </div>
  );
}

/** Choose what the document proves, pick its photo (png or jpg, up to 5 MB) and send it for review. */
function UploadForm({ documents }: { documents: readonly MemberKycDocument[] }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const titleId = useId();
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const submit = useSubmitKycDocument();
  const [kind, setKind] = useState<KycDocumentKind>('identity');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isPending = documents.some((document) => document.kind === kind && document.status === 'pending');

  const send = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    setError(null);
    if (file === null) {
      setFileError(t('kyc.upload.file_required'));
      return;
    }
    submit.mutate(
      { kind, file },
      {
        onSuccess: () => {
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
          dialogs.toast(t('kyc.upload.sent'));
        },
        onError: (failure) => {
          setError(translateApiError(t, failure));
        },
      },
    );
  };

  return (
    <section className="kyc-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('kyc.upload.title')}</h3>
      <form className="kyc-form" noValidate onSubmit={send} data-testid="kyc-upload-form">
        <SelectField
          label={t('kyc.upload.kind')}
          value={kind}
          options={kycDocumentKinds.map((value) => ({ value, label: t(`kyc.kind.${value}`) }))}
          onValueChange={(value) => {
            setKind(kycDocumentKinds.find((candidate) => candidate === value) ?? 'identity');
            setError(null);
          }}
          testId="kyc-kind"
        />
        <p className="kyc-hint">{t(`kyc.kind_hint.${kind}`)}</p>
        <div className="field">
          <div className="field__label-row">
            <label htmlFor={fileId} className="field__label">
              {t('kyc.upload.file')}
            </label>
            {fileError !== null && (
              <span className="field__error" data-testid="kyc-file-error">
                {fileError}
              </span>
            )}
          </div>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept={uploadLimits.contentTypes.join(',')}
            aria-invalid={fileError !== null}
            data-testid="kyc-file"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              const problem = chosen === null ? null : checkProofFile(chosen);
              if (problem !== null) {
                event.target.value = '';
                setFile(null);
                setFileError(t(`errors.${problem}`));
                return;
              }
              setFile(chosen);
              setFileError(null);
            }}
          />
          <p className="kyc-hint">{t('kyc.upload.hint')}</p>
        </div>
        {isPending && (
          <p className="kyc-hint" data-testid="kyc-kind-pending">
            {t('kyc.upload.kind_pending')}
          </p>
        )}
        <FormError message={error} />
        <button
          type="submit"
          className="button button--primary"
          disabled={submit.isPending || isPending}
          aria-busy={submit.isPending}
          data-testid="kyc-submit"
        >
          {t('kyc.upload.submit')}
        </button>
      </form>
    </section>
  );
}

function DocumentList({ documents }: { documents: readonly MemberKycDocument[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="kyc-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('kyc.documents.title')}</h3>
      {documents.length === 0 ? (
        <EmptyState message={t('kyc.documents.empty')} />
      ) : (
        <ul className="kyc-documents" data-testid="kyc-documents">
          {documents.map((document) => (
            <li key={document.id} data-testid={`kyc-document-${document.id}`}>
              <div className="kyc-documents__head">
                <span>{t(`kyc.kind.${document.kind}`)}</span>
                <span
                  className={`kyc-badge kyc-badge--${document.status}`}
                  data-testid={`kyc-document-status-${document.id}`}
                  data-status={document.status}
                >
                  {t(`kyc.status.${document.status}`)}
                </span>
              </div>
              <span className="muted">{formatLocalDateTime(document.createdAt)}</span>
              {document.rejectReason !== null && (
                <p className="kyc-reason" dir="auto" data-testid={`kyc-document-reason-${document.id}`}>
                  {t('kyc.documents.reason', { reason: document.rejectReason })}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function VerificationContent({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  return (
    <div className="verification" data-testid="verification">
      <p className="page__intro">{t('kyc.intro')}</p>
      <TierCard tier={status.tier} />
      <WithdrawalRule rule={status.withdrawalRule} />
      <UploadForm documents={status.documents} />
      <DocumentList documents={status.documents} />
    </div>
  );
}

/**
 * Member centre, Verification (issue 26, KYC): the member's tier, when withdrawals wait for it, and their
 * identity, address and payment-method documents, sent here for staff to review.
 */
export function VerificationPage() {
  const status = useKycStatus();
  if (status.data === undefined) {
    return <QueryState error={status.error} onRetry={() => void status.refetch()} />;
  }
  return <VerificationContent status={status.data} />;
}
