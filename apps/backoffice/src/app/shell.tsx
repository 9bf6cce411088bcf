import { NavLink, Outlet } from 'react-router';
import { useCan, useLogout, useStaffSession } from '../features/session/api';
import { consoleSections } from './sections';
import './shell.css';

/** The signed-in frame: navigation, who is signed in, and the screen. */
export const Shell = () => {
  const { staff } = useStaffSession();
  const can = useCan();
  const logout = useLogout();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="topbar__brand">Operator console</span>
        <nav aria-label="Sections" className="topbar__nav">
          {consoleSections
            .filter((section) => can(section.permission))
            .map((section) => (
              <NavLink key={section.path} to={section.path} data-testid={`nav-${section.path.slice(1)}`}>
                {section.label}
              </NavLink>
            ))}
        </nav>
        <div className="topbar__staff">
          <span data-testid="staff-name">
            {staff ? `${staff.displayName} (${staff.role?.name ?? 'no role'})` : '…'}
          </span>
          <NavLink to="/password" className="topbar__link" data-testid="nav-password">
            Change password
          </NavLink>
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
