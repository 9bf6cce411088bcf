import { useLogout } from './api';
import { ChangePasswordForm } from './change-password-form';
import './login-page.css';

/** From the shell's menu: a staff member changes their own password whenever they like. */
export const ChangePasswordPage = () => (
  <section aria-labelledby="password-title" className="password-page">
    <header className="page-header">
      <h1 id="password-title">Change password</h1>
    </header>
    <div className="card">
      <ChangePasswordForm />
    </div>
  </section>
);

/**
 * The only screen while the server asks for a new password (first sign-in with a temporary password, or after
 * an admin's reset): every other operator call is refused until it is changed.
 */
export const ForcedPasswordChange = () => {
  const logout = useLogout();
  return (
    <main className="login">
      <section
        className="card login__form"
        aria-labelledby="forced-password-title"
        data-testid="forced-password"
      >
        <h1 id="forced-password-title">Choose a new password</h1>
        <p>Your password was set by an administrator. Choose your own before you continue.</p>
        <ChangePasswordForm />
        <button
          type="button"
          className="button"
          disabled={logout.isPending}
          onClick={() => {
            logout.mutate();
          }}
          data-testid="sign-out"
        >
          Sign out
        </button>
      </section>
    </main>
  );
};
