import { useState } from 'react';
import './login-page.css';

type RecoveryCodesStepProps = { codes: readonly string[]; onDone: () => void };

const downloadText = (fileName: string, text: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
};

/**
 * The recovery codes, shown once right after enrolment: each signs in once in place of a code from the app.
 * The session starts only when the staff member says they have kept them.
 */
export const RecoveryCodesStep = ({ codes, onDone }: RecoveryCodesStepProps) => {
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const text = `${codes.join('\n')}\n`;

  const copy = () => {
    // The clipboard is missing outside secure contexts; the codes can still be selected or downloaded.
    navigator.clipboard.writeText(text).then(
      () => {
        setCopied('copied');
      },
      () => {
        setCopied('failed');
      },
    );
  };

  return (
    <section className="card login__form login__form--wide" aria-labelledby="recovery-title">
      <h1 id="recovery-title">Save your recovery codes</h1>
      <p>
        If you lose your authenticator, each of these codes signs you in once in place of a code from the app.
        They are shown only now: keep them somewhere safe, away from this computer.
      </p>
      <ol className="recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="actions actions--start">
        <button type="button" className="button" onClick={copy} data-testid="recovery-copy">
          Copy
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            downloadText('operator-console-recovery-codes.txt', text);
          }}
          data-testid="recovery-download"
        >
          Download
        </button>
      </div>
      {copied === 'copied' ? (
        <p className="success" role="status">
          Copied to the clipboard.
        </p>
      ) : null}
      {copied === 'failed' ? (
        <p className="error" role="alert">
          The browser did not allow copying; select the codes or download them.
        </p>
      ) : null}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={saved}
          onChange={(event) => {
            setSaved(event.target.checked);
          }}
          data-testid="recovery-saved"
        />
        I have saved them
      </label>
      <div className="actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!saved}
          onClick={onDone}
          data-testid="recovery-continue"
        >
          Continue
        </button>
      </div>
    </section>
  );
};
