import { useState, type SyntheticEvent } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { useVerifySignIn, type StaffLoginChallenge, type StaffSession } from './api';
import './login-page.css';

type SecondFactorStepProps = {
  challenge: StaffLoginChallenge;
  onVerified: (session: StaffSession) => void;
  /** Back to the password, for a new challenge (this one expires, or the wrong account was typed). */
  onRestart: () => void;
};

const totpPattern = /^\d{6}$/;

const checkCode = (code: string, isEnrolment: boolean): string | null => {
  if (isEnrolment)
    return totpPattern.test(code) ? null : 'Enter the 6-digit code from your authenticator app.';
  return code.length >= 6 ? null : 'Enter the 6-digit code from your authenticator app, or a recovery code.';
};

/** The secret in groups of four, easier to type into an authenticator by hand. */
const groupSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

const Enrolment = ({ secret, qrCodeDataUrl }: { secret: string; qrCodeDataUrl: string }) => (
  <>
    <p>
      Two-factor authentication is required for staff. Add this account to an authenticator app (Google
      Authenticator, Microsoft Authenticator, 1Password, …):
    </p>
    <ol className="enrolment__steps">
      <li>
        Scan the QR code:
        <img
          className="enrolment__qr"
          src={qrCodeDataUrl}
          alt="QR code to add this account to an authenticator app"
          width={200}
          height={200}
          data-testid="enrol-qr"
        />
      </li>
      <li>
        or enter this key by hand:{' '}
        <code className="enrolment__secret" data-testid="enrol-secret">
          {groupSecret(secret)}
        </code>
      </li>
      <li>then type the 6-digit code the app shows.</li>
    </ol>
  </>
);

/**
 * The second factor: enrolment (QR code, key, first code) for a staff member without one, else the code from
 * the authenticator app or one of the recovery codes.
 */
export const SecondFactorStep = ({ challenge, onVerified, onRestart }: SecondFactorStepProps) => {
  const verify = useVerifySignIn();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const isEnrolment = challenge.stage === 'enrol';

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A TOTP code is digits only; a recovery code is sent as written down.
    const entered = isEnrolment ? code.replace(/\s/g, '') : code.trim();
    const found = checkCode(entered, isEnrolment);
    setProblem(found);
    if (found !== null) return;
    verify.mutate({ challenge: challenge.challenge, code: entered }, { onSuccess: onVerified });
  };

  return (
    <form className="card login__form" onSubmit={submit} noValidate aria-labelledby="second-factor-title">
      <h1 id="second-factor-title">
        {isEnrolment ? 'Set up two-factor authentication' : 'Two-factor authentication'}
      </h1>
      {challenge.stage === 'enrol' ? (
        <Enrolment secret={challenge.secret} qrCodeDataUrl={challenge.qrCodeDataUrl} />
      ) : (
        <p className="muted">Enter the code from your authenticator app, or one of your recovery codes.</p>
      )}
      <label>
        {isEnrolment ? 'Code from the app' : 'Code'}
        <input
          name="code"
          autoComplete="one-time-code"
          inputMode={isEnrolment ? 'numeric' : 'text'}
          maxLength={64}
          autoFocus
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
          }}
          data-testid="login-code"
        />
      </label>
      {problem ? (
        <p className="error" role="alert" data-testid="login-code-problem">
          {problem}
        </p>
      ) : null}
      <ErrorMessage error={verify.error} testId="login-code-error" />
      <div className="actions">
        <button type="button" className="button" onClick={onRestart} data-testid="login-restart">
          Back
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={verify.isPending}
          data-testid="login-code-submit"
        >
          {verify.isPending ? 'Checking…' : isEnrolment ? 'Confirm and sign in' : 'Sign in'}
        </button>
      </div>
    </form>
  );
};
