import { useState, type SyntheticEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import { useLogin, useStaffSession } from './api';
import './login-page.css';

export const LoginPage = () => {
  const { token } = useStaffSession();
  const login = useLogin();
  const location = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const from = (location.state as { from?: string } | null)?.from ?? '/deposits';
  if (token !== null) return <Navigate to={from} replace />;

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate({ username: username.trim(), password });
  };

  return (
    <main className="login">
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
    </main>
  );
};
