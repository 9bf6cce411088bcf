import { NavLink, Outlet } from 'react-router';
import { useLogout, useStaffSession } from '../features/session/api';
import './shell.css';

const sections = [
  { path: '/deposits', label: 'Deposits' },
  { path: '/withdrawals', label: 'Withdrawals' },
  { path: '/members', label: 'Members' },
  { path: '/channels', label: 'Channels' },
  { path: '/settings', label: 'Settings' },
  { path: '/audit', label: 'Audit' },
] as const;

/** The signed-in frame: navigation, who is signed in, and the screen. */
export const Shell = () => {
  const { staff } = useStaffSession();
  const logout = useLogout();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="topbar__brand">Operator console</span>
        <nav aria-label="Sections" className="topbar__nav">
          {sections.map((section) => (
            <NavLink key={section.path} to={section.path} data-testid={`nav-${section.path.slice(1)}`}>
              {section.label}
            </NavLink>
          ))}
        </nav>
        <div className="topbar__staff">
          <span data-testid="staff-name">{staff ? `${staff.displayName} (${staff.role})` : '…'}</span>
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
        </div>
      </header>
      <main id="main" className="content">
        <Outlet />
      </main>
    </div>
  );
};
