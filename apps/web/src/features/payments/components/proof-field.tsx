import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { checkProofFile, proofAccept, type ProofProblem } from '../api/upload-proof';

type ProofFieldProps = {
  label: string;
  file: File | null;
  /** A new file that passed the browser's check, or null when removed or refused. */
  onFileChange: (file: File | null) => void;
  /** The browser refused the file (type or size); shown as the field's error. */
  onRefused: (message: { code: ProofProblem }) => void;
  error: string | null;
  testId: string;
};

/** A png or jpg proof image of at most 5 MB, checked here before anything is uploaded. */
export function ProofField({ label, file, onFileChange, onRefused, error, testId }: ProofFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="field payments-proof">
      <div className="field__label-row">
        <label htmlFor={inputId} className="field__label">
          {label}
        </label>
        {error !== null && (
          <span id={errorId} className="field__error" data-testid={`${testId}-error`}>
            {error}
          </span>
        )}
      </div>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={proofAccept}
        className="payments-proof__input"
        aria-invalid={error !== null}
        aria-describedby={error !== null ? `${hintId} ${errorId}` : hintId}
        data-testid={testId}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          if (chosen === null) {
            onFileChange(null);
            return;
          }
          const problem = checkProofFile(chosen);
          if (problem !== null) {
            event.target.value = '';
            onFileChange(null);
            onRefused({ code: problem });
            return;
          }
          onFileChange(chosen);
        }}
      />
      <p id={hintId} className="payments-hint">
        {t('payments.proof.hint')}
      </p>
      {file !== null && (
        <p className="payments-proof__chosen">
          <span dir="auto">{file.name}</span>
          <button
            type="button"
            className="text-link link-button"
            data-testid={`${testId}-remove`}
            onClick={() => {
              if (inputRef.current) inputRef.current.value = '';
              onFileChange(null);
            }}
          >
            {t('payments.proof.remove')}
          </button>
        </p>
      )}
    </div>
  );
}
