import { useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import {
  startStaffSession,
  useLogin,
  useStaffSession,
  type StaffLoginChallenge,
  type StaffSession,
} from './api';
import { RecoveryCodesStep } from './recovery-codes-step';
import { SecondFactorStep } from './second-factor-step';
import './login-page.css';

/** Password, then the second factor; after an enrolment, the recovery codes before the session is kept. */
type Step =
  | { kind: 'password' }
  | { kind: 'second-factor'; challenge: StaffLoginChallenge }
  | { kind: 'recovery-codes'; session: StaffSession; codes: string[] };

const PasswordStep = ({ onChallenge }: { onChallenge: (challenge: StaffLoginChallenge) => void }) => {
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate({ username: username.trim(), password }, { onSuccess: onChallenge });
  };

  return (
    <form className="card login__form" onSubmit={submit} aria-labelledby="login-title">
      <h1 id="login-title">Operator console</h1>
      <p className="muted">Sign in with your staff account.</p>
      <label>
        Username
        <input
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
          }}
          data-testid="login-username"
        />
      </label>
      <label>
        Password
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
          }}
          data-testid="login-password"
        />
      </label>
      <ErrorMessage error={login.error} testId="login-error" />
      <button
        type="submit"
        className="button button--primary"
        disabled={login.isPending}
        data-testid="login-submit"
      >
        {login.isPending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
};

export const LoginPage = () => {
  const { token } = useStaffSession();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [step, setStep] = useState<Step>({ kind: 'password' });

  const from = (location.state as { from?: string } | null)?.from ?? '/';
  if (token !== null) return <Navigate to={from} replace />;

  const onVerified = (session: StaffSession) => {
    const codes = session.recoveryCodes ?? [];
    if (codes.length > 0) setStep({ kind: 'recovery-codes', session, codes });
    else startStaffSession(queryClient, session);
  };

  return (
    <main className="login">
      {step.kind === 'password' ? (
        <PasswordStep
          onChallenge={(challenge) => {
            setStep({ kind: 'second-factor', challenge });
          }}
        />
      ) : null}
      {step.kind === 'second-factor' ? (
        <SecondFactorStep
          challenge={step.challenge}
          onVerified={onVerified}
          onRestart={() => {
            setStep({ kind: 'password' });
          }}
        />
      ) : null}
      {step.kind === 'recovery-codes' ? (
        <RecoveryCodesStep
          codes={step.codes}
          onDone={() => {
            startStaffSession(queryClient, step.session);
          }}
        />
      ) : null}
    </main>
  );
};
